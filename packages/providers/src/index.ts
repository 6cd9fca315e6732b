// The public API of @toolwright/providers: explicit named exports only.
export type { CompiledTool, RelaxedKeyword, SchemaProblem } from "./compiled-tool";
export type {
  AnthropicDocumentBlock,
  AnthropicImageBlock,
  AnthropicImageMediaType,
  AnthropicResponse,
  AnthropicSystemMessage,
  AnthropicTool,
  AnthropicToolReference,
  AnthropicToolResultBlock,
  AnthropicToolResultContentBlock,
  AnthropicToolResultMessage,
  AnthropicToolUseBlock,
} from "./dialects/anthropic-types";
export type {
  GeminiFileData,
  GeminiFunctionCallPart,
  GeminiFunctionDeclaration,
  GeminiFunctionResponsePart,
  GeminiInlineData,
  GeminiMediaPart,
  GeminiResponse,
  GeminiResponsePart,
  GeminiTool,
  GeminiToolConfig,
  GeminiToolResultContent,
} from "./dialects/gemini-types";
export type {
  OpenAiChatAssistantMessage,
  OpenAiChatMediaMessage,
  OpenAiChatMediaPart,
  OpenAiChatResponse,
  OpenAiChatTool,
  OpenAiChatToolCall,
  OpenAiChatToolMessage,
} from "./dialects/openai-chat-types";
export type {
  OpenAiResponsesAdditionalTools,
  OpenAiResponsesFunctionCall,
  OpenAiResponsesFunctionCallOutput,
  OpenAiResponsesOutputPart,
  OpenAiResponsesResponse,
  OpenAiResponsesTool,
} from "./dialects/openai-responses-types";
export type { FromProviderToolCallsOptions } from "./from-provider-tool-calls";
export { fromProviderToolCalls } from "./from-provider-tool-calls";
export { isStrictLimitError } from "./is-strict-limit-error";
export type { PlannedToolChange, TranscriptToolPlan } from "./plan-transcript-tools";
export { planTranscriptTools } from "./plan-transcript-tools";
export type { ProviderDialect } from "./provider-dialect";
export type { ProviderErrorCode, ProviderErrorOptions } from "./provider-error";
export { ProviderError } from "./provider-error";
export type { ProviderToolOptions } from "./provider-tool-options";
export type { ProviderTools } from "./provider-tools";
export type {
  ProviderAssistantToolCalls,
  ProviderPayloads,
  ProviderRequestExtras,
  ProviderResponse,
  ProviderToolChange,
  ProviderToolEntry,
  ProviderToolResults,
} from "./provider-types";
export type {
  ContentDowngradedWarning,
  ProviderWarning,
  ProviderWarningKind,
  ToolProviderWarning,
} from "./provider-warning";
export type { ProviderToolCalls } from "./read-tool-calls";
export type {
  ProviderOutputSchema,
  ProviderOutputSchemaOptions,
} from "./to-provider-output-schema";
export { toProviderOutputSchema } from "./to-provider-output-schema";
export type { ToProviderToolCallsOptions } from "./to-provider-tool-calls";
export { toProviderToolCalls } from "./to-provider-tool-calls";
export type { ToProviderToolResultsOptions } from "./to-provider-tool-results";
export { toProviderToolResults } from "./to-provider-tool-results";
export { toProviderTools } from "./to-provider-tools";
export type { ProviderToolInput } from "./tool-input";
export type { ToolNameMapOptions } from "./tool-name-map";
export { ToolNameMap } from "./tool-name-map";
