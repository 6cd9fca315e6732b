// The public API of @toolwright/tool-core: explicit named exports only.
export type { CoercionChange, CoercionMode, SchemaIssue } from "@toolwright/schema-coerce";
export { buildToolDeclaration } from "./build-tool-declaration";
export type {
  AudioContent,
  BlobResourceContents,
  Content,
  ContentAnnotations,
  ContentType,
  FileContent,
  FileDataContent,
  FileUrlContent,
  ImageContent,
  ResourceContent,
  ResourceLinkContent,
  TextContent,
  TextResourceContents,
  ToolContent,
} from "./content";
export type { CopyJsonFailure } from "./copy-json-value";
export { copyJsonValue } from "./copy-json-value";
export type {
  ResultToolDefinition,
  Tool,
  ToolApprovalCheck,
  ToolDefinitionBase,
  ToolExecutionMode,
  ToolModel,
  ToolOutput,
  ToolOutputValue,
  ToolParametersSchema,
  ToolParams,
  ToolParamsOf,
  ToolSchema,
  ValueToolDefinition,
} from "./define-tool";
export { defineTool } from "./define-tool";
export { describeContentPlaceholder } from "./describe-content-placeholder";
export { getContentByteLength } from "./get-content-byte-length";
export { getParametersJsonSchema } from "./get-parameters-json-schema";
export type { JsonSchemaInterface } from "./json-schema-interface";
export type { JsonObject, JsonValue } from "./json-value";
export type {
  AssistantContent,
  AssistantMessage,
  Message,
  StopReason,
  SystemMessage,
  ThinkingContent,
  ToolRemoval,
  UserMessage,
} from "./message";
export type { ApprovalCheckContext, NeedsApproval } from "./needs-approval";
export type { ParsedToolCallArguments } from "./parse-tool-call-arguments";
export { parseToolCallArguments } from "./parse-tool-call-arguments";
export type { InvalidContentBlock } from "./read-content-block";
export {
  CONTENT_TYPES,
  describeInvalidContentBlock,
  isContentType,
  isInvalidContentBlock,
  readContentBlock,
} from "./read-content-block";
export { safeValidateToolArguments } from "./safe-validate-tool-arguments";
export type { Seam, SeamBinding, SeamImplementations } from "./seam";
export { defineSeam, provideSeam } from "./seam";
export type {
  StandardJsonSchemaConverter,
  StandardJsonSchemaOptions,
  StandardSchema,
  StandardSchemaIssue,
  StandardSchemaOutput,
  StandardSchemaProperties,
  StandardSchemaResult,
} from "./standard-schema";
export { isStandardSchema } from "./standard-schema";
export type { ToolArgumentsErrorOptions } from "./tool-arguments-error";
export { ToolArgumentsError } from "./tool-arguments-error";
export type {
  InvalidToolArguments,
  SafeValidateToolArgumentsResult,
  ToolArgumentsResult,
  ValidToolArguments,
} from "./tool-arguments-result";
export type { ToolCall } from "./tool-call";
export type { ToolContext } from "./tool-context";
export type { ToolDeclaration } from "./tool-declaration";
export type { ToolErrorCode, ToolErrorOptions } from "./tool-error";
export { ToolError } from "./tool-error";
export type {
  ToolDefinitionsFilter,
  ToolRegistryChange,
  ToolRegistryListener,
  ToolRegistryOptions,
  ToolSource,
} from "./tool-registry";
export { ToolRegistry } from "./tool-registry";
export type { ToolResult, ToolUpdate } from "./tool-result";
export type { ToolResultMessage } from "./tool-result-message";
export type { TypeBoxSchema, TypeBoxStatic } from "./typebox-schema";
export type { Usage } from "./usage";
export { validateToolArguments } from "./validate-tool-arguments";
export type { ToolOutputValidation } from "./validate-tool-output";
export { validateToolOutput } from "./validate-tool-output";
