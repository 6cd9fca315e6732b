// Request-level assembly shared by `toProviderTools` and `planTranscriptTools`: strict requests,
// Anthropic budgets, the payload entries, `CompiledTool`s and warnings.
import type { ToolDeclaration } from "@toolwright/tool-core";
import { compileOnce } from "./compile-memo";
import type { CompiledTool, SchemaProblem } from "./compiled-tool";
import { describeProblems } from "./describe-problems";
import type { ProviderDialect } from "./provider-dialect";
import { ProviderError } from "./provider-error";
import type { ProviderToolOptions } from "./provider-tool-options";
import type { ProviderTools } from "./provider-tools";
import type { ProviderWarning } from "./provider-warning";
import { AnthropicBudget } from "./schema/anthropic-budget";
import type { CompiledToolSchema } from "./schema/compile-tool-schema";
import type { ToolNameMap } from "./tool-name-map";

/** One declaration as the binding should carry it. */
export interface BindingEntry {
  readonly declaration: ToolDeclaration;
  readonly providerName: string;
  /** `tools`: in the request's list; `inline`: sent inside the conversation; `history`: only mapped back. */
  readonly placement: "tools" | "inline" | "history";
  /** Anthropic: introduced after the start of a conversation (`defer_loading: true`). */
  readonly deferLoading?: boolean;
}

const maxGeminiDeclarations = 128;

/** The binding, and the payload entry of every declaration that is sent. */
export interface Binding<D extends ProviderDialect> {
  readonly tools: ProviderTools<D>;
  readonly payloads: ReadonlyMap<ToolDeclaration, unknown>;
}

/** Builds the {@link ProviderTools} of `entries` (request order). */
export function bindProviderTools<D extends ProviderDialect>(
  dialect: D,
  entries: readonly BindingEntry[],
  names: ToolNameMap,
  options: ProviderToolOptions,
  betas: readonly string[] = [],
): Binding<D> {
  const geminiOpenApi = dialect === "gemini" && options.gemini?.schemaField === "parameters";
  if (
    dialect === "gemini" &&
    entries.filter((entry) => entry.placement === "tools").length > maxGeminiDeclarations
  ) {
    throw new ProviderError(
      "INVALID_ARGUMENT",
      `Gemini takes at most ${maxGeminiDeclarations} function declarations`,
    );
  }
  const budget = new AnthropicBudget();
  const compiled = new Map<string, CompiledTool>();
  const warnings: ProviderWarning[] = [];
  const requestEntries: unknown[] = [];
  const payloads = new Map<ToolDeclaration, unknown>();
  let anyStrictRequested = false;
  for (const entry of entries) {
    const { declaration } = entry;
    const strictRequested =
      options.strict === "all" ||
      ((options.strict ?? "declared") === "declared" && declaration.constrainedSampling === true);
    const schema = compileOnce(declaration, dialect, strictRequested, geminiOpenApi);
    if (strictRequested && schema.downgrade.length > 0 && options.unrepresentable === "throw") {
      throw new ProviderError(
        "UNSUPPORTED_SCHEMA",
        `Tool "${declaration.name}" cannot be strict for ${dialect}: ${describeProblems(schema.downgrade)}`,
      );
    }
    const inRequest = entry.placement !== "history";
    let refusal: string | undefined;
    if (dialect === "anthropic" && schema.strict && inRequest && schema.budget !== undefined) {
      refusal = budget.admit(schema.budget);
    }
    const tool = createCompiledTool(
      declaration,
      entry.providerName,
      inRequest,
      schema,
      strictRequested,
      refusal,
    );
    compiled.set(declaration.name, tool);
    if (strictRequested) anyStrictRequested ||= inRequest;
    if (inRequest) {
      warnings.push(...cachedWarnings(schema, tool, refusal));
      const payload = createEntry(
        dialect,
        declaration,
        tool,
        entry.deferLoading === true,
        schema.schemaField,
      );
      payloads.set(declaration, payload);
      if (entry.placement === "tools") requestEntries.push(payload);
    }
  }
  const tools =
    dialect === "gemini"
      ? requestEntries.length > 0
        ? [{ functionDeclarations: requestEntries }]
        : []
      : requestEntries;
  const extras =
    dialect === "anthropic"
      ? { betas }
      : dialect === "gemini" && anyStrictRequested
        ? { toolConfig: { functionCallingConfig: { mode: "VALIDATED" } } }
        : {};
  const binding = { dialect, tools, extras, names, compiled, warnings, options };
  return { tools: binding as unknown as ProviderTools<D>, payloads };
}

function createCompiledTool(
  declaration: ToolDeclaration,
  providerName: string,
  inRequest: boolean,
  schema: CompiledToolSchema,
  strictRequested: boolean,
  refusal: string | undefined,
): CompiledTool {
  const refused = refusal !== undefined;
  const downgrade: readonly SchemaProblem[] = refused
    ? [{ pointer: "", keyword: "strict", reason: refusal }]
    : schema.downgrade;
  return {
    name: declaration.name,
    providerName,
    inRequest,
    strictRequested,
    strict: schema.strict && !refused,
    downgrade,
    relaxed: refused ? [] : schema.relaxed,
    parameters: refused ? schema.fallbackParameters : schema.parameters,
    denormalize: refused ? schema.fallbackDenormalize : schema.denormalize,
  };
}

function createEntry(
  dialect: ProviderDialect,
  declaration: ToolDeclaration,
  tool: CompiledTool,
  deferLoading: boolean,
  schemaField: "parameters" | undefined,
): unknown {
  const { description } = declaration;
  const parameters = tool.parameters as Record<string, unknown> | undefined;
  switch (dialect) {
    case "openai-chat":
      return {
        type: "function",
        function: { name: tool.providerName, description, parameters, strict: tool.strict },
      };
    case "openai-responses":
      return {
        type: "function",
        name: tool.providerName,
        description,
        parameters,
        strict: tool.strict,
      };
    case "anthropic": {
      const entry: Record<string, unknown> = {
        name: tool.providerName,
        description,
        input_schema: parameters,
      };
      if (tool.strict) entry.strict = true;
      if (deferLoading) entry.defer_loading = true;
      return entry;
    }
    case "gemini":
      return parameters === undefined
        ? { name: tool.providerName, description }
        : {
            name: tool.providerName,
            description,
            [schemaField ?? "parametersJsonSchema"]: parameters,
          };
  }
}

// A tool's own warnings depend only on its compiled schema (and the canonical name inside it),
// so an unchanged request does not rebuild their text.
const schemaWarnings = new WeakMap<CompiledToolSchema, readonly ProviderWarning[]>();

function cachedWarnings(
  schema: CompiledToolSchema,
  tool: CompiledTool,
  refusal: string | undefined,
): readonly ProviderWarning[] {
  if (refusal !== undefined) return warningsOf(tool, refusal, schema.fallback);
  let warnings = schemaWarnings.get(schema);
  if (warnings === undefined) {
    warnings = warningsOf(tool, undefined, schema.fallback);
    schemaWarnings.set(schema, warnings);
  }
  return warnings;
}

function warningsOf(
  tool: CompiledTool,
  refusal: string | undefined,
  fallback: string | undefined,
): ProviderWarning[] {
  const warnings: ProviderWarning[] = [];
  if (fallback !== undefined) {
    warnings.push({
      tool: tool.name,
      kind: "fallback",
      detail: `sent as parametersJsonSchema: ${fallback}`,
    });
  }
  if (refusal !== undefined) {
    warnings.push({ tool: tool.name, kind: "budget", detail: `sent without strict: ${refusal}` });
  } else if (tool.downgrade.length > 0) {
    warnings.push({
      tool: tool.name,
      kind: "downgrade",
      detail: `sent without strict: ${describeProblems(tool.downgrade)}`,
    });
  }
  for (const relaxed of tool.relaxed) {
    warnings.push({
      tool: tool.name,
      kind: "relax",
      detail: `${relaxed.keyword} at "${relaxed.schemaPath}" is not enforced; it is written into the description`,
    });
  }
  return warnings;
}
