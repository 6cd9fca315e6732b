// Per-dialect payload types, looked up by dialect. Every shape is plain JSON (no SDK at run time).
import type {
  AnthropicResponse,
  AnthropicSystemMessage,
  AnthropicTool,
  AnthropicToolResultMessage,
  AnthropicToolUseBlock,
} from "./dialects/anthropic-types";
import type {
  GeminiFunctionCallPart,
  GeminiResponse,
  GeminiTool,
  GeminiToolConfig,
  GeminiToolResultContent,
} from "./dialects/gemini-types";
import type {
  OpenAiChatAssistantMessage,
  OpenAiChatMediaMessage,
  OpenAiChatResponse,
  OpenAiChatTool,
  OpenAiChatToolMessage,
} from "./dialects/openai-chat-types";
import type {
  OpenAiResponsesAdditionalTools,
  OpenAiResponsesFunctionCall,
  OpenAiResponsesFunctionCallOutput,
  OpenAiResponsesResponse,
  OpenAiResponsesTool,
} from "./dialects/openai-responses-types";
import type { ProviderDialect } from "./provider-dialect";

/** The payload types of each dialect. */
export interface ProviderPayloads {
  "openai-chat": {
    tool: OpenAiChatTool;
    extras: Record<string, never>;
    response: OpenAiChatResponse;
    results: (OpenAiChatToolMessage | OpenAiChatMediaMessage)[];
    calls: OpenAiChatAssistantMessage[];
    toolChange: never;
  };
  "openai-responses": {
    tool: OpenAiResponsesTool;
    extras: Record<string, never>;
    response: OpenAiResponsesResponse;
    results: OpenAiResponsesFunctionCallOutput[];
    calls: OpenAiResponsesFunctionCall[];
    toolChange: OpenAiResponsesAdditionalTools;
  };
  anthropic: {
    tool: AnthropicTool;
    extras: { readonly betas: readonly string[] };
    response: AnthropicResponse;
    results: AnthropicToolResultMessage[];
    calls: AnthropicToolUseBlock[];
    toolChange: AnthropicSystemMessage;
  };
  gemini: {
    tool: GeminiTool;
    extras: { readonly toolConfig?: GeminiToolConfig };
    response: GeminiResponse;
    results: GeminiToolResultContent[];
    calls: GeminiFunctionCallPart[];
    toolChange: never;
  };
}

/** One `tools[]` entry of a request (Gemini: the one `{functionDeclarations}` entry). */
export type ProviderToolEntry<D extends ProviderDialect> = ProviderPayloads[D]["tool"];
/** Request fields besides `tools`: Anthropic `betas`, Gemini `toolConfig`. */
export type ProviderRequestExtras<D extends ProviderDialect> = ProviderPayloads[D]["extras"];
/** The provider response body `fromProviderToolCalls` reads. */
export type ProviderResponse<D extends ProviderDialect> = ProviderPayloads[D]["response"];
/** What `toProviderToolResults` returns: messages (Chat, Anthropic), items (Responses), contents (Gemini). */
export type ProviderToolResults<D extends ProviderDialect> = ProviderPayloads[D]["results"];
/** What `toProviderToolCalls` returns to replay an assistant turn's calls. */
export type ProviderAssistantToolCalls<D extends ProviderDialect> = ProviderPayloads[D]["calls"];
/** A mid-conversation tool change item (Responses `additional_tools`, Anthropic system message). */
export type ProviderToolChange<D extends ProviderDialect> = ProviderPayloads[D]["toolChange"];
