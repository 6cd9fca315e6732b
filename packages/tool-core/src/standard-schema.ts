/**
 * The parts of Standard Schema v1 (https://standardschema.dev) that tool-core reads, declared here
 * so tool-core needs no schema library at run time. Zod 4, Valibot and ArkType schemas all match
 * these shapes structurally.
 */

/** One issue a Standard Schema library reports. */
export interface StandardSchemaIssue {
  readonly message: string;
  /** Where: property keys, or segments `{ key }`. */
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/** What a Standard Schema's `validate` returns: the output value, or the issues. */
export type StandardSchemaResult<TOutput> =
  | { readonly value: TOutput; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<StandardSchemaIssue> };

/** Options of the Standard JSON Schema converter's `input`/`output`. */
export interface StandardJsonSchemaOptions {
  /** The JSON Schema draft to produce, e.g. `"draft-2020-12"` or `"draft-07"`. */
  readonly target: string;
  readonly libraryOptions?: Record<string, unknown> | undefined;
}

/** The Standard JSON Schema converter (`~standard.jsonSchema`) a library may offer. */
export interface StandardJsonSchemaConverter {
  /**
   * The JSON Schema of the values the schema accepts; tool-core calls it once per schema with
   * `{ target: "draft-2020-12" }`.
   *
   * **Contract** (the library's): may throw when it cannot convert — `register` then refuses the
   * tool with the library's message; must return a new object or one never mutated later.
   */
  readonly input: (options: StandardJsonSchemaOptions) => Record<string, unknown>;
  /** The JSON Schema of the values `validate` returns. Not read by tool-core. */
  readonly output: (options: StandardJsonSchemaOptions) => Record<string, unknown>;
}

/** The `~standard` properties of a Standard Schema v1. */
export interface StandardSchemaProperties<TInput = unknown, TOutput = TInput> {
  readonly version: 1;
  readonly vendor: string;
  /**
   * Validates `value` (synchronously for most libraries; a Promise when the schema has async
   * refinements).
   *
   * **Contract** (the library's): must not throw for any input; returns issues instead.
   */
  readonly validate: (
    value: unknown,
    options?: { readonly libraryOptions?: Record<string, unknown> | undefined } | undefined,
  ) => StandardSchemaResult<TOutput> | Promise<StandardSchemaResult<TOutput>>;
  /** Phantom: the input and output types. */
  readonly types?: { readonly input: TInput; readonly output: TOutput } | undefined;
  /** The Standard JSON Schema converter, when the library offers it (Zod 4, ArkType). */
  readonly jsonSchema?: StandardJsonSchemaConverter | undefined;
}

/** A schema of any library that implements Standard Schema v1. */
export interface StandardSchema<TInput = unknown, TOutput = TInput> {
  readonly "~standard": StandardSchemaProperties<TInput, TOutput>;
}

/** The output type of a Standard Schema: what its `validate` gives back. */
export type StandardSchemaOutput<TSchema extends StandardSchema> = NonNullable<
  TSchema["~standard"]["types"]
>["output"];

/**
 * Whether `value` claims to be a Standard Schema: an object or function with a `~standard` object.
 * (`getParametersJsonSchema` then refuses one whose `validate` is not a function.)
 */
export function isStandardSchema(value: unknown): value is StandardSchema {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) return false;
  const properties = (value as { "~standard"?: unknown })["~standard"];
  return typeof properties === "object" && properties !== null;
}
