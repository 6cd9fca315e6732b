/**
 * Public types of @toolwright/schema-coerce. Kept in one file so the contract between the
 * validator (`compile/`) and the coercion passes (`coerce/`) is readable at a glance.
 */

/** A JSON Schema: an object schema or a boolean schema. TypeBox schemas are JSON Schema too. */
export type JsonSchema = boolean | JsonSchemaObject;

/** An object JSON Schema. Keys are keywords; unknown keywords are annotations. */
export interface JsonSchemaObject {
  readonly [keyword: string]: unknown;
}

/**
 * The static type a schema describes, when the schema carries one: TypeBox schemas expose it as
 * the phantom `static` property, so `compile(Type.Object(...))` is typed without importing TypeBox.
 * Plain JSON Schema gives `unknown`.
 */
export type InferSchema<TSchema> = TSchema extends { static: infer TStatic } ? TStatic : unknown;

/** The JSON Schema draft a schema is read as. */
export type SchemaDraft = "2020-12" | "7";

/** A format checker: returns whether `value` (always a string) has the format. */
export type FormatCheck = (value: string) => boolean;

/**
 * A compiled regular expression as the validator uses it. The default engine is the platform's
 * `RegExp` with the `u` flag; pass `regExp` in {@link CompileOptions} to use a linear-time engine.
 */
export interface PatternMatcher {
  /** Whether the pattern matches somewhere in `input` (as `RegExp.prototype.test`). */
  test(input: string): boolean;
}

/**
 * The coercion rule set: Pi's (which may invent a value for `null` or `""`) or the lossless one
 * (which never does); the README has both tables.
 */
export type CoercionMode = "pi" | "lossless";

/** Options of {@link compile}. */
export interface CompileOptions {
  /** The draft to read the schema as when it has no `$schema`. Default `"2020-12"`. */
  readonly draft?: SchemaDraft | undefined;
  /**
   * Format checkers by name, or `true` for the built-in set ({@link formats}). Without it,
   * `format` is an annotation only.
   */
  readonly formats?: true | Readonly<Record<string, FormatCheck>> | undefined;
  /** Extra schema documents by URI, for `$ref` to other documents. */
  readonly schemas?: Readonly<Record<string, JsonSchema>> | undefined;
  /**
   * `"throw"` (default): compile throws on a `$ref` that names nothing. `"reject"`: such a `$ref`
   * fails only the values at that place (`unresolved reference <ref>`).
   */
  readonly unresolvedRefs?: "throw" | "reject" | undefined;
  /**
   * Turn on the coercion passes in `coerce()` / `parse()`. `true` (also spelled `"pi"`): Pi's
   * three passes exactly, which may invent values (`null` → `"null"` / `0` /
   * `false`, `""` → `0`, `2.7` → `2`). `"lossless"`: the same passes with only conversions that
   * keep what the model wrote, plus the `drop-empty`, `enum-case`, `default` and `null-string`
   * rules and, with `parseJsonStrings`, `python-literal` (the README has both tables side by
   * side). `false` / absent: no coercion.
   */
  readonly coerce?: boolean | CoercionMode | undefined;
  /** Let `coerce`/`parse` drop properties forbidden by `additionalProperties: false`. */
  readonly removeAdditional?: boolean | undefined;
  /**
   * Let a string holding JSON become the object or array the schema asks for. Under
   * `coerce: "lossless"` a Python literal of a list, tuple or dict (`"['a', 'b']"`) is read too.
   */
  readonly parseJsonStrings?: boolean | undefined;
  /**
   * Refuse (a `SchemaError` with code `UNSUPPORTED_SCHEMA`, naming the node) a schema with an
   * explicit object node (`type` `"object"` or listing it) that leaves `additionalProperties`
   * unset, anywhere in the document. For schemas of values that go to programs or to providers'
   * structured-output modes, where an unset `additionalProperties` is almost always an oversight.
   */
  readonly requireClosedObjects?: boolean | undefined;
  /**
   * Builds the matcher for a `pattern` / `patternProperties` source.
   *
   * **Contract:** called once per distinct pattern at compile time; may throw for a pattern it
   * does not accept (compile then fails with `INVALID_PATTERN`); the matcher it returns must not
   * throw and must be pure. Default: `new RegExp(source, "u")`.
   */
  readonly regExp?: ((source: string) => PatternMatcher) | undefined;
}

/** One validation failure: where (a JSON Pointer into the value), which keyword, and why. */
export interface SchemaIssue {
  /** JSON Pointer into the value: `""` for the root, segments escaped with `~0` / `~1`. */
  readonly path: string;
  /** The keyword that failed (`type`, `required`, `additionalProperties`, …). */
  readonly keyword: string;
  /** A short message meant for a model to read, e.g. `expected integer, got string`. */
  readonly message: string;
}

/** The coercion rule that produced a {@link CoercionChange}. */
export type CoercionRule =
  | "drop-null"
  | "convert"
  | "coerce-type"
  | "remove-additional"
  | "parse-json"
  | "drop-empty"
  | "enum-case"
  | "default"
  | "python-literal"
  | "null-string";

/** One change a coercion pass made to the value. */
export interface CoercionChange {
  /** JSON Pointer of the changed place in the value. */
  readonly path: string;
  /** Which pass or rule made it. */
  readonly rule: CoercionRule;
  /** The value before (for a removal, the removed value). */
  readonly from: unknown;
  /** The value after (`undefined` for a removal). */
  readonly to: unknown;
}

/** A successful parse: the (possibly coerced) value and the coercions applied to get it. */
export interface ParseSuccess<T> {
  readonly ok: true;
  readonly value: T;
  readonly changes: readonly CoercionChange[];
}

/** A failed parse: every issue found, and the coercions tried before judging. */
export interface ParseFailure {
  readonly ok: false;
  readonly errors: readonly SchemaIssue[];
  readonly changes: readonly CoercionChange[];
}

/** The result of `validate` / `parse`. */
export type ParseResult<T> = ParseSuccess<T> | ParseFailure;

/** A schema compiled once into closures; every method is safe to call with any value. */
export interface CompiledSchema<T = unknown> {
  /** The schema this was compiled from (the same object). */
  readonly schema: JsonSchema;
  /** Whether `value` is valid. Never throws; allocates nothing on valid input. */
  check(value: unknown): value is T;
  /** Every issue of `value`: `[]` when `check` is true, else at least one. Never throws. */
  errors(value: unknown): SchemaIssue[];
  /** Judge `value` as given, without coercion. */
  validate(value: unknown): ParseResult<T>;
  /**
   * The value after the coercion passes the options turn on (the input itself when nothing
   * changed, or when `coerce` is off). Never mutates `value`.
   */
  coerce(value: unknown): unknown;
  /** Coerce (when on), then validate. A valid input comes back as is, with no changes. */
  parse(value: unknown): ParseResult<T>;
}
