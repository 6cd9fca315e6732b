// The public API of @toolwright/tool-core: explicit named exports only.
export type { ImageContent, TextContent, ToolContent } from "./content";
export { defineTool } from "./define-tool";
export type {
  ResultToolDefinition,
  Tool,
  ToolDefinitionBase,
  ToolExecutionMode,
  ToolModel,
  ToolOutput,
  ToolOutputValue,
  ToolParams,
  ToolParamsOf,
  ToolSchema,
  ValueToolDefinition,
} from "./define-tool";
export { parseToolCallArguments } from "./parse-tool-call-arguments";
export type { ParsedToolCallArguments } from "./parse-tool-call-arguments";
export { defineSeam, provideSeam } from "./seam";
export type { Seam, SeamBinding, SeamImplementations } from "./seam";
export { ToolArgumentsError } from "./tool-arguments-error";
export type { ToolArgumentsErrorOptions } from "./tool-arguments-error";
export type { ToolCall } from "./tool-call";
export type { ToolContext } from "./tool-context";
export type { ToolDeclaration } from "./tool-declaration";
export { ToolError } from "./tool-error";
export type { ToolErrorCode, ToolErrorOptions } from "./tool-error";
export { ToolRegistry } from "./tool-registry";
export type {
  ToolDefinitionsFilter,
  ToolRegistryChange,
  ToolRegistryListener,
  ToolSource,
} from "./tool-registry";
export type { ToolResult, ToolUpdate } from "./tool-result";
export type { ToolResultMessage } from "./tool-result-message";
export type { Usage } from "./usage";
export { validateToolArguments } from "./validate-tool-arguments";
export { validateToolOutput } from "./validate-tool-output";
export type { ToolOutputValidation } from "./validate-tool-output";
