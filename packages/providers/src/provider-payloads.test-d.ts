// O5: every payload this package emits is assignable to the official SDK's request type, and
// every SDK response type is accepted where this package reads one.
import type Anthropic from "@anthropic-ai/sdk";
import type {
  Content,
  FunctionDeclaration,
  Tool as GeminiSdkTool,
  GenerateContentResponse,
} from "@google/genai";
import type OpenAI from "openai";
import { describe, expectTypeOf, it } from "vitest";
import type {
  AnthropicResponse,
  AnthropicSystemMessage,
  AnthropicTool,
  AnthropicToolResultBlock,
  AnthropicToolResultMessage,
  AnthropicToolUseBlock,
  GeminiFunctionCallPart,
  GeminiFunctionDeclaration,
  GeminiResponse,
  GeminiTool,
  GeminiToolResultContent,
  OpenAiChatAssistantMessage,
  OpenAiChatImageMessage,
  OpenAiChatResponse,
  OpenAiChatTool,
  OpenAiChatToolMessage,
  OpenAiResponsesAdditionalTools,
  OpenAiResponsesFunctionCall,
  OpenAiResponsesFunctionCallOutput,
  OpenAiResponsesResponse,
  OpenAiResponsesTool,
  ProviderTools,
} from "./index";

describe("payload types against the SDKs (O5)", () => {
  it("openai-chat", () => {
    expectTypeOf<OpenAiChatTool>().toExtend<OpenAI.Chat.ChatCompletionFunctionTool>();
    expectTypeOf<OpenAiChatToolMessage>().toExtend<OpenAI.Chat.ChatCompletionToolMessageParam>();
    expectTypeOf<OpenAiChatImageMessage>().toExtend<OpenAI.Chat.ChatCompletionUserMessageParam>();
    expectTypeOf<OpenAiChatAssistantMessage>().toExtend<OpenAI.Chat.ChatCompletionAssistantMessageParam>();
    expectTypeOf<OpenAI.Chat.ChatCompletion>().toExtend<OpenAiChatResponse>();
    // Chat Completions tool messages take no images: the reason for the text placeholder.
    const image = {
      role: "tool",
      tool_call_id: "c",
      content: [{ type: "image_url", image_url: { url: "x" } }],
    };
    // @ts-expect-error
    image satisfies OpenAI.Chat.ChatCompletionToolMessageParam;
  });

  it("openai-responses", () => {
    expectTypeOf<OpenAiResponsesTool>().toExtend<OpenAI.Responses.FunctionTool>();
    expectTypeOf<OpenAiResponsesFunctionCallOutput>().toExtend<OpenAI.Responses.ResponseInputItem.FunctionCallOutput>();
    expectTypeOf<OpenAiResponsesFunctionCall>().toExtend<OpenAI.Responses.ResponseFunctionToolCall>();
    expectTypeOf<OpenAiResponsesAdditionalTools>().toExtend<OpenAI.Responses.ResponseInputItem.AdditionalTools>();
    expectTypeOf<OpenAI.Responses.Response>().toExtend<OpenAiResponsesResponse>();
  });

  it("anthropic", () => {
    expectTypeOf<AnthropicTool>().toExtend<Anthropic.Tool>();
    expectTypeOf<AnthropicToolResultBlock>().toExtend<Anthropic.ToolResultBlockParam>();
    expectTypeOf<AnthropicToolResultMessage>().toExtend<Anthropic.MessageParam>();
    expectTypeOf<AnthropicToolUseBlock>().toExtend<Anthropic.ToolUseBlockParam>();
    expectTypeOf<AnthropicSystemMessage>().toExtend<Anthropic.Beta.BetaMessageParam>();
    expectTypeOf<Anthropic.Message>().toExtend<AnthropicResponse>();
  });

  it("gemini", () => {
    expectTypeOf<GeminiFunctionDeclaration>().toExtend<FunctionDeclaration>();
    expectTypeOf<GeminiTool>().toExtend<GeminiSdkTool>();
    expectTypeOf<GeminiToolResultContent>().toExtend<Content>();
    expectTypeOf<{ role: "model"; parts: GeminiFunctionCallPart[] }>().toExtend<Content>();
    expectTypeOf<GenerateContentResponse>().toExtend<GeminiResponse>();
  });

  it("should type ProviderTools per dialect", () => {
    expectTypeOf<ProviderTools<"openai-chat">["tools"][number]>().toEqualTypeOf<OpenAiChatTool>();
    expectTypeOf<ProviderTools<"anthropic">["extras"]>().toEqualTypeOf<{
      readonly betas: readonly string[];
    }>();
  });
});
