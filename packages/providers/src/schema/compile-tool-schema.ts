// One declaration, one dialect: the schema to send, whether it went strict, and why not.
// Pure: the same inputs give the same output, so callers may memoise it.
import type { RelaxedKeyword, SchemaProblem } from "../compiled-tool";
import type { ProviderDialect } from "../provider-dialect";
import { prePassAnthropic } from "./anthropic-pre-passes";
import { assertSchemaDepth } from "./assert-schema-depth";
import { compileAnthropicStrict } from "./compile-anthropic-strict";
import { compileGeminiParameters } from "./compile-gemini-parameters";
import { compileOpenAiStrict } from "./compile-openai-strict";
import { createDenormalizer, type Denormalize } from "./create-denormalizer";
import { createGeminiDenormalizer } from "./create-gemini-denormalizer";
import { measureStrictLimits } from "./measure-strict-limits";
import { normalizeRoot } from "./normalize-root";
import { isSchemaObject, readTypes, type SchemaObject } from "./schema-node";

/** What Anthropic's per-request strict budget counts for one tool. */
export interface StrictBudgetCost {
  readonly optionalParameters: number;
  readonly unionParameters: number;
}

/** A compiled schema before request-level decisions (names, Anthropic budgets). */
export interface CompiledToolSchema {
  readonly parameters: SchemaObject | undefined;
  /** The non-strict schema, for when a request-level budget refuses the strict one. */
  readonly fallbackParameters: SchemaObject | undefined;
  readonly strict: boolean;
  readonly downgrade: readonly SchemaProblem[];
  readonly relaxed: readonly RelaxedKeyword[];
  /** Strict only: pointers of object nodes that left `additionalProperties` unset and were closed. */
  readonly closed: readonly string[];
  readonly denormalize: Denormalize;
  readonly fallbackDenormalize: Denormalize;
  /** Anthropic strict only: what this tool costs of the request budget. */
  readonly budget: StrictBudgetCost | undefined;
  /** Gemini: `"parameters"` when the OpenAPI subset was emitted. */
  readonly schemaField?: "parameters";
  /** Gemini: why the OpenAPI subset was not possible (the tool uses `parametersJsonSchema`). */
  readonly fallback?: string;
}

/** Compiles `parameters` of tool `name` for `dialect`, strict when `strictRequested` and possible. */
export function compileToolSchema(
  name: string,
  parameters: unknown,
  dialect: ProviderDialect,
  strictRequested: boolean,
  geminiOpenApi = false,
): CompiledToolSchema {
  assertSchemaDepth(name, parameters);
  const normalized = normalizeRoot(name, parameters, false);
  const plain = normalized.schema;
  const plainDenormalize = createDenormalizer(plain, normalized.wrapped, new Set());
  const nonStrict = (downgrade: readonly SchemaProblem[]): CompiledToolSchema => ({
    parameters: dialect === "gemini" && isEmptyRoot(plain) ? undefined : plain,
    fallbackParameters: plain,
    strict: dialect === "gemini" && strictRequested,
    downgrade,
    relaxed: [],
    closed: [],
    denormalize: plainDenormalize,
    fallbackDenormalize: plainDenormalize,
    budget: undefined,
  });
  if (dialect === "gemini" && geminiOpenApi) {
    const openApi = compileGeminiParameters(normalized);
    if (!openApi.ok) return { ...nonStrict([]), fallback: openApi.reason };
    return {
      ...nonStrict([]),
      parameters: isEmptyRoot(plain) ? undefined : openApi.schema,
      relaxed: openApi.relaxed,
      denormalize: createGeminiDenormalizer(
        openApi.schema,
        normalized.wrapped,
        openApi.jsonEncoded,
      ),
      schemaField: "parameters",
    };
  }
  if (!strictRequested || dialect === "gemini") return nonStrict([]);
  // Strict dialects close merged objects, so Pass 0 runs again with that choice.
  const strictRoot = normalizeRoot(name, parameters, true);
  if (dialect === "anthropic") {
    const prePassed = prePassAnthropic(strictRoot);
    if (prePassed.problems.length > 0) return nonStrict(prePassed.problems);
    const compiled = compileAnthropicStrict(
      prePassed.schema,
      strictRoot.sources.node(strictRoot.schema, ""),
    );
    return {
      parameters: compiled.schema,
      fallbackParameters: plain,
      strict: true,
      downgrade: [],
      relaxed: compiled.relaxed,
      closed: compiled.closed,
      denormalize: plainDenormalize,
      fallbackDenormalize: plainDenormalize,
      budget: measureBudget(compiled.schema),
    };
  }
  const compiled = compileOpenAiStrict(strictRoot);
  const problems =
    compiled.problems.length > 0 ? compiled.problems : measureStrictLimits(compiled.schema);
  if (problems.length > 0) return nonStrict(problems);
  return {
    parameters: compiled.schema,
    fallbackParameters: plain,
    strict: true,
    downgrade: [],
    relaxed: compiled.relaxed,
    closed: compiled.closed,
    denormalize: createDenormalizer(compiled.schema, strictRoot.wrapped, compiled.synthetic),
    fallbackDenormalize: plainDenormalize,
    budget: undefined,
  };
}

/** Gemini omits the schema of a tool with no parameters. */
function isEmptyRoot(root: SchemaObject): boolean {
  return Object.keys(root).every(
    (key) =>
      key === "type" ||
      (key === "properties" &&
        isSchemaObject(root.properties) &&
        Object.keys(root.properties).length === 0) ||
      (key === "required" && Array.isArray(root.required) && root.required.length === 0),
  );
}

/** Optional and union-typed properties, every depth, each `$defs` entry once. */
function measureBudget(schema: SchemaObject): StrictBudgetCost {
  let optionalParameters = 0;
  let unionParameters = 0;
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    if (!isSchemaObject(node)) continue;
    if (isSchemaObject(node.properties)) {
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      for (const [name, property] of Object.entries(node.properties)) {
        if (!required.has(name)) optionalParameters++;
        if (
          isSchemaObject(property) &&
          (Array.isArray(property.anyOf) ||
            readTypes(property).length > 1 ||
            Array.isArray(property.type))
        ) {
          unionParameters++;
        }
        stack.push(property);
      }
    }
    for (const key of ["items", "anyOf", "allOf"])
      if (node[key] !== undefined) stack.push(node[key]);
    if (isSchemaObject(node.$defs)) stack.push(...Object.values(node.$defs));
  }
  return { optionalParameters, unionParameters };
}
