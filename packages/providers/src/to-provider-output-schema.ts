// A provider's structured-output schema from a canonical JSON Schema (a tool's `outputSchema` or
// `output.schema`, or any object schema): the one place where open objects get closed. Tool
// schemas are written open (TypeBox, Zod and MCP servers leave `additionalProperties` unset) and
// are validated as written; only a strict mode that needs every object closed closes them, and
// says so.
import type { RelaxedKeyword, SchemaProblem } from "./compiled-tool";
import { describeProblems } from "./describe-problems";
import { assertProviderDialect, type ProviderDialect } from "./provider-dialect";
import { ProviderError } from "./provider-error";
import type { ProviderWarning } from "./provider-warning";
import { compileToolSchema } from "./schema/compile-tool-schema";

/** Options of {@link toProviderOutputSchema}. Every field has a default. */
export interface ProviderOutputSchemaOptions {
  /** Names the schema in warnings and errors. Default `"output"`. */
  readonly name?: string;
  /**
   * Ask for the provider's strict structured output (OpenAI `strict: true`, Anthropic structured
   * outputs). Default `true`. Gemini's `responseJsonSchema` has no strict switch: it gets the
   * schema with open objects kept.
   */
  readonly strict?: boolean;
  /**
   * What to do when strict mode cannot hold the schema: `"downgrade"` (default) returns it
   * non-strict with the reasons; `"throw"` throws `ProviderError("UNSUPPORTED_SCHEMA")`.
   */
  readonly unrepresentable?: "downgrade" | "throw";
}

/** What {@link toProviderOutputSchema} returns. */
export interface ProviderOutputSchema {
  readonly dialect: ProviderDialect;
  /** The schema to send (a new object; the input is never changed). */
  readonly schema: unknown;
  readonly strictRequested: boolean;
  /** Whether `schema` is the strict form: send it with the provider's strict flag on. */
  readonly strict: boolean;
  /**
   * JSON Pointers of the object nodes that left `additionalProperties` unset and were closed for
   * strict mode: the model can no longer add keys there that the schema allows. Sorted; empty
   * when not strict.
   */
  readonly closed: readonly string[];
  /** Non-empty iff strict was requested and refused: every problem found. */
  readonly downgrade: readonly SchemaProblem[];
  /** Keywords strict mode cannot enforce, moved into descriptions. */
  readonly relaxed: readonly RelaxedKeyword[];
  /** One `close` warning when objects were closed, a `downgrade` one, one `relax` per keyword. */
  readonly warnings: readonly ProviderWarning[];
  /**
   * Turns a value valid for `schema` back into one for the canonical schema (drops the `null`s
   * OpenAI strict mode makes the model send for absent optional properties, unwraps a root that
   * Pass 0 wrapped). Never throws, never mutates its input.
   */
  denormalize(value: Readonly<Record<string, unknown>>): Record<string, unknown>;
}

/**
 * The structured-output form of `schema` for `dialect`: OpenAI (`response_format` /
 * `text.format` with `json_schema`), Anthropic structured outputs, or Gemini `responseJsonSchema`.
 * Strict dialects get the same compilation as a strict tool's parameters: every object closed,
 * every property required (OpenAI), unsupported keywords relaxed into descriptions; what strict
 * mode cannot hold (open records, tuples, recursion for Anthropic…) downgrades to the non-strict
 * schema with reasons. Each object the schema left open and strict mode closed is listed in
 * `closed` and in one `close` warning.
 *
 * Throws `ProviderError`: `INVALID_ARGUMENT` for an unknown dialect or a schema that is not JSON,
 * `UNSUPPORTED_SCHEMA` for a root that cannot hold an object (structured outputs take an object
 * root) or, with `unrepresentable: "throw"`, a strict-requested schema strict mode cannot hold.
 */
export function toProviderOutputSchema(
  schema: unknown,
  dialect: ProviderDialect,
  options: ProviderOutputSchemaOptions = {},
): ProviderOutputSchema {
  assertProviderDialect(dialect);
  const name = options.name ?? "output";
  const strictRequested = options.strict !== false && dialect !== "gemini";
  const compiled = compileToolSchema(name, copyJson(name, schema), dialect, strictRequested);
  if (compiled.downgrade.length > 0 && options.unrepresentable === "throw") {
    throw new ProviderError(
      "UNSUPPORTED_SCHEMA",
      `Output schema "${name}" cannot be strict for ${dialect}: ${describeProblems(compiled.downgrade)}`,
    );
  }
  const strict = strictRequested && compiled.downgrade.length === 0;
  // The compilers note a node after its children; sorted, the list reads root first.
  const closed = [...compiled.closed].sort();
  const warnings: ProviderWarning[] = [];
  if (closed.length > 0) {
    const places = closed.map((pointer) => JSON.stringify(pointer)).join(", ");
    warnings.push({
      tool: name,
      kind: "close",
      detail: `strict structured output closes the open object${closed.length === 1 ? "" : "s"} at ${places}: the model cannot add keys the schema allows there`,
    });
  }
  if (compiled.downgrade.length > 0) {
    warnings.push({
      tool: name,
      kind: "downgrade",
      detail: `sent without strict: ${describeProblems(compiled.downgrade)}`,
    });
  }
  for (const relaxed of compiled.relaxed) {
    warnings.push({
      tool: name,
      kind: "relax",
      detail: `${relaxed.keyword} at "${relaxed.schemaPath}" is not enforced; it is written into the description`,
    });
  }
  return {
    dialect,
    // Gemini omits an empty parameters schema of a tool; an output schema is always sent.
    schema: compiled.parameters ?? compiled.fallbackParameters,
    strictRequested,
    strict,
    closed,
    downgrade: compiled.downgrade,
    relaxed: compiled.relaxed,
    warnings,
    denormalize: compiled.denormalize,
  };
}

/** A JSON copy of `schema` (TypeBox's symbol keys and `undefined` values dropped). */
function copyJson(name: string, schema: unknown): unknown {
  try {
    const text = JSON.stringify(schema);
    if (text === undefined) throw new TypeError(`${typeof schema} is not JSON`);
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ProviderError("INVALID_ARGUMENT", `Output schema "${name}" is not JSON: ${reason}`, {
      cause: error,
    });
  }
}
