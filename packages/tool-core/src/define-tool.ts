import type { CoercionMode, JsonSchemaObject } from "@toolwright/schema-coerce";
import type { ToolContent } from "./content";
import type { JsonSchemaInterface } from "./json-schema-interface";
import type { ApprovalCheckContext, NeedsApproval } from "./needs-approval";
import type { Seam } from "./seam";
import type { StandardSchema, StandardSchemaOutput } from "./standard-schema";
import type { ToolContext } from "./tool-context";
import type { ToolResult } from "./tool-result";
import type { TypeBoxSchema, TypeBoxStatic } from "./typebox-schema";

/**
 * A JSON Schema a tool accepts: a TypeBox schema (typed), any plain JSON Schema object, or one
 * typed as an interface such as `JSONSchema7` (then `params` is `Readonly<Record<string, unknown>>`).
 */
export type ToolSchema = TypeBoxSchema | JsonSchemaObject | JsonSchemaInterface;

/**
 * What a tool's `parameters` may be: a JSON Schema ({@link ToolSchema}) or a Standard Schema v1
 * (Zod 4, Valibot, ArkType, …) whose library can produce JSON Schema.
 */
export type ToolParametersSchema = ToolSchema | StandardSchema;

/**
 * The type of `execute`'s `params`: the library's output type for a Standard Schema,
 * `Static<typeof parameters>` for a TypeBox schema; for plain JSON Schema (or none) an object whose
 * values are `unknown`, so the tool has to narrow them.
 */
export type ToolParams<TParameters> = TParameters extends StandardSchema
  ? StandardSchemaOutput<TParameters>
  : TParameters extends TypeBoxSchema
    ? TypeBoxStatic<TParameters>
    : Readonly<Record<string, unknown>>;

/** The `params` type of a tool's `execute`, from the tool itself. */
export type ToolParamsOf<TTool> = TTool extends { readonly parameters?: infer TParameters }
  ? [Exclude<TParameters, undefined>] extends [never]
    ? Readonly<Record<string, unknown>>
    : ToolParams<Exclude<TParameters, undefined>>
  : Readonly<Record<string, unknown>>;

/** The type of the value a tool with `output` returns: `Static` for TypeBox, else `unknown`. */
export type ToolOutputValue<TOutput> = TOutput extends TypeBoxSchema
  ? TypeBoxStatic<TOutput>
  : unknown;

/** The model a request is for, as `isAvailable` and `definitions({ model })` see it. */
export interface ToolModel {
  /** The model id, e.g. `gpt-5-mini` or `claude-sonnet-4-5`. */
  readonly id: string;
  /** The provider, e.g. `openai`, `anthropic`, `ollama`. */
  readonly provider?: string | undefined;
}

/** How a tool's calls may run beside other calls of the same batch. */
export type ToolExecutionMode = "sequential" | "parallel";

/** What every tool definition has, whatever it returns. */
export interface ToolDefinitionBase<TParameters> {
  /** The name the model calls; `^[A-Za-z0-9_.-]{1,128}$`. */
  readonly name: string;
  /** What the tool does, for the model. Required. */
  readonly description: string;
  /** A human-readable name for UIs; never sent to the model. */
  readonly label?: string | undefined;
  /**
   * The parameter schema: TypeBox, plain JSON Schema, or a Standard Schema whose library produces
   * JSON Schema; `{ type: "object" }` when absent.
   */
  readonly parameters?: TParameters | undefined;
  /**
   * Converts a Standard Schema `parameters` into the JSON Schema the model sees and arguments are
   * coerced and validated against — for libraries without `~standard.jsonSchema` (e.g. Valibot's
   * `toJsonSchema` from `@valibot/to-json-schema`). Ignored for JSON Schema parameters.
   *
   * **Contract:** called once per tool, at `register` or first use; must not mutate `parameters`;
   * must return a JSON Schema object; may throw — `register` then refuses the tool with the message.
   */
  toJsonSchema?(parameters: TParameters): object;
  /**
   * A compatibility shim run on the raw arguments before validation (old argument names, a model
   * that nests everything under `input`, …).
   *
   * **Contract:** must not mutate `raw` (return a new object instead); may throw — the call then
   * ends as an error result with the thrown message. Its return value is what gets validated.
   */
  prepareArguments?(raw: Readonly<Record<string, unknown>>): unknown;
  /**
   * How the model's arguments are repaired before validation. `"lossless"` (the default):
   * only conversions that keep what the model wrote (`"42"` → 42, `"TRUE"` → true), never
   * an invented value (`null` stays `null` and fails). `"pi"`: Pi's rules, which also
   * turn a required `null` into `"null"` / `0` / `false`, `""` into `0`, `2.7` into `2`. Wins over
   * the registry's `coercion`.
   */
  readonly coercion?: CoercionMode | undefined;
  /** `"sequential"` makes every batch that calls this tool run one call at a time. */
  readonly executionMode?: ToolExecutionMode | undefined;
  /** Time limit for one call in milliseconds; overrides the batch's `timeoutMs`. */
  readonly timeoutMs?: number | undefined;
  /**
   * Resource keys a call touches (file paths, account ids). Calls whose keys overlap never run at
   * the same time; others stay parallel.
   *
   * **Contract:** receives the validated params; must be pure and fast; a throw ends the call as an
   * error result.
   */
  lockKeys?(params: ToolParams<TParameters>): readonly string[];
  /** Recovery policy for a durable runtime when a call's outcome is unknown. Default `"never"`. */
  readonly replay?: "never" | "safe" | undefined;
  /**
   * Whether the tool is offered to `model` (`ToolRegistry.definitions({ model })`).
   *
   * **Contract:** must be pure; must not throw (a throw counts as "not available"). Default: always.
   */
  isAvailable?(model: ToolModel): boolean;
  /** The seams `execute` uses; a call fails with a clear error when the run does not provide one. */
  readonly seams?: readonly Seam<unknown>[] | undefined;
  /** Ask providers to constrain sampling to `parameters` (strict tool use). */
  readonly constrainedSampling?: boolean | undefined;
  /**
   * Whether a call needs a human decision before `execute`: `true`, or a function of the call.
   * Never part of the declaration the model sees.
   *
   * **Contract:** receives the validated, coerced params (never invalid ones); may be async; must
   * not mutate params. A throw or rejection ends the call as the error result
   * `needsApproval of tool <name> failed: <message>` and the call never executes (fail closed).
   * Falsy → no approval; `true` or an object → approval needed. Default: no approval.
   */
  readonly needsApproval?: boolean | ToolApprovalCheck<TParameters> | undefined;
}

/**
 * The function form of `needsApproval`. Declared through a method so that a tool with typed params
 * stays assignable to {@link Tool} (method parameters are checked bivariantly, like `lockKeys`).
 */
export type ToolApprovalCheck<TParameters> = {
  /** Decides whether a call with these validated params needs a person's decision; see `needsApproval`. */
  check(
    params: ToolParams<TParameters>,
    context: ApprovalCheckContext,
  ): NeedsApproval | PromiseLike<NeedsApproval>;
}["check"];

/** A tool whose `execute` returns a {@link ToolResult} itself. */
export interface ResultToolDefinition<
  TParameters = ToolParametersSchema | undefined,
  TDetails = unknown,
> extends ToolDefinitionBase<TParameters> {
  /** JSON Schema of `structuredContent` in successful results; object nodes need `additionalProperties`. */
  readonly outputSchema?: ToolSchema | undefined;
  readonly output?: undefined;
  /**
   * Runs the tool.
   *
   * **Contract:** receives validated, coerced params it may mutate (a private copy). May throw
   * (Error or not): the call becomes an error result with the message. Should stop soon after
   * `context.signal` aborts. Its result must be an object with `content`.
   */
  execute(
    params: ToolParams<TParameters>,
    context: ToolContext<TDetails>,
  ): ToolResult<TDetails> | Promise<ToolResult<TDetails>>;
}

/** How a value-returning tool's value is checked and shown to the model. */
export interface ToolOutput<TOutput> {
  /** JSON Schema the value must match; object nodes need `additionalProperties`. */
  readonly schema: TOutput;
  /**
   * Turns the final value (after `afterToolCall`) into what the model sees.
   *
   * **Contract:** must not mutate `value`; may throw (the call becomes an error result). A string is
   * shown as one text part.
   */
  render(value: ToolOutputValue<TOutput>): string | readonly ToolContent[];
}

/**
 * A tool that returns a plain JSON value: the executor validates it against `output.schema`, lets
 * hooks rewrite it, then renders it into `content`; `structuredContent` is the value.
 */
export interface ValueToolDefinition<
  TParameters = ToolParametersSchema | undefined,
  TOutput = ToolSchema,
  TDetails = unknown,
> extends ToolDefinitionBase<TParameters> {
  readonly outputSchema?: undefined;
  readonly output: ToolOutput<TOutput>;
  /**
   * Runs the tool and returns its value.
   *
   * **Contract:** as for a result tool; the value must match `output.schema` or the call becomes an
   * error result naming the issues.
   */
  execute(
    params: ToolParams<TParameters>,
    context: ToolContext<TDetails>,
  ): ToolOutputValue<TOutput> | Promise<ToolOutputValue<TOutput>>;
}

/** Any tool, whatever its types: what registries, executors and transcripts hold. */
export type Tool<TParameters = ToolParametersSchema | undefined, TDetails = unknown> =
  | ResultToolDefinition<TParameters, TDetails>
  | ValueToolDefinition<TParameters, ToolSchema, TDetails>;

/**
 * Defines a tool with full type inference: `execute`'s `params` is `Static<typeof parameters>` for
 * a TypeBox schema, and with `output`, `execute` must return `Static<typeof output.schema>`.
 * Returns the definition itself; `ToolRegistry.register` checks it.
 */
export function defineTool<
  TParameters extends ToolParametersSchema | undefined = undefined,
  TDetails = unknown,
>(
  definition: ResultToolDefinition<TParameters, TDetails>,
): ResultToolDefinition<TParameters, TDetails>;
export function defineTool<
  TParameters extends ToolParametersSchema | undefined,
  TOutput extends ToolSchema,
  TDetails = unknown,
>(
  definition: ValueToolDefinition<TParameters, TOutput, TDetails>,
): ValueToolDefinition<TParameters, TOutput, TDetails>;
export function defineTool(definition: Tool): Tool {
  return definition;
}
