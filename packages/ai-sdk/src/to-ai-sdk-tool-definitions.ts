import { getParametersJsonSchema, type ToolModel, type ToolSource } from "@toolwright/tool-core";
import { type Tool as AiSdkTool, type JSONSchema7, jsonSchema } from "ai";
import { listTools, readToolSource } from "./to-ai-sdk-tools";

/**
 * A tool the AI SDK declares to the model but never runs (it has no `execute`): the AI SDK returns
 * the model's calls. Typed with `unknown` output so a set of them is an AI SDK `ToolSet` also under
 * `exactOptionalPropertyTypes`.
 */
export type AiSdkToolDefinition = AiSdkTool<unknown, unknown>;

/** Options of {@link toAiSdkToolDefinitions}. */
export interface AiSdkToolDefinitionsOptions {
  /** Keep only the tools whose `isAvailable(model)` allows this model. Default: every tool. */
  readonly model?: ToolModel | undefined;
}

/**
 * Toolwright tools as AI SDK tool definitions without `execute`, for a Toolwright loop that uses an
 * AI SDK provider as its model: the AI SDK sends each tool's name, description and JSON Schema and
 * returns the model's calls untouched — no validation, so the arguments reach
 * `executeAssistantMessage(fromAiSdkStep(result))` exactly as the model sent them, and Toolwright
 * repairs and validates them there.
 *
 * Throws `AiSdkAdapterError` (`INVALID_ARGUMENT`) for a `tools` that is not a registry or an
 * array of tools.
 */
export function toAiSdkToolDefinitions(
  tools: ToolSource,
  options: AiSdkToolDefinitionsOptions = {},
): Record<string, AiSdkToolDefinition> {
  const registry = readToolSource(tools);
  const definitions: Record<string, AiSdkToolDefinition> = Object.create(null);
  for (const tool of listTools(registry, options)) {
    definitions[tool.name] = {
      description: tool.description,
      inputSchema: jsonSchema(getParametersJsonSchema(tool) as JSONSchema7),
    } as AiSdkToolDefinition;
  }
  return definitions;
}
