// O5: every payload this package emits is assignable to the official SDK's request type, and
// every SDK response type is accepted where this package reads one.
import type Anthropic from "@anthropic-ai/sdk";
import type {
  Content,
  FunctionDeclaration,
  FunctionResponsePart,
  Tool as GeminiSdkTool,
  GenerateContentResponse,
  Part,
} from "@google/genai";
import type OpenAI from "openai";
import { describe, expectTypeOf, it } from "vitest";
import type {
  AnthropicResponse,
  AnthropicSystemMessage,
  AnthropicTool,
  AnthropicToolResultBlock,
  AnthropicToolResultContentBlock,
  AnthropicToolResultMessage,
  AnthropicToolUseBlock,
  GeminiFunctionCallPart,
  GeminiFunctionDeclaration,
  GeminiMediaPart,
  GeminiResponse,
  GeminiTool,
  GeminiToolResultContent,
  OpenAiChatAssistantMessage,
  OpenAiChatMediaMessage,
  OpenAiChatMediaPart,
  OpenAiChatResponse,
  OpenAiChatTool,
  OpenAiChatToolMessage,
  OpenAiResponsesAdditionalTools,
  OpenAiResponsesFunctionCall,
  OpenAiResponsesFunctionCallOutput,
  OpenAiResponsesOutputPart,
  OpenAiResponsesResponse,
  OpenAiResponsesTool,
  ProviderTools,
} from "./index";

describe("payload types against the SDKs (O5)", () => {
  it("openai-chat", () => {
    expectTypeOf<OpenAiChatTool>().toExtend<OpenAI.Chat.ChatCompletionFunctionTool>();
    expectTypeOf<OpenAiChatToolMessage>().toExtend<OpenAI.Chat.ChatCompletionToolMessageParam>();
    expectTypeOf<OpenAiChatMediaMessage>().toExtend<OpenAI.Chat.ChatCompletionUserMessageParam>();
    expectTypeOf<OpenAiChatMediaPart>().toExtend<OpenAI.Chat.ChatCompletionContentPart>();
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
    // Chat input audio takes wav and mp3 only: the reason other audio is a placeholder.
    const ogg = { type: "input_audio", input_audio: { data: "AA==", format: "ogg" } };
    // @ts-expect-error
    ogg satisfies OpenAI.Chat.ChatCompletionContentPart;
  });

  it("openai-responses", () => {
    expectTypeOf<OpenAiResponsesTool>().toExtend<OpenAI.Responses.FunctionTool>();
    expectTypeOf<OpenAiResponsesFunctionCallOutput>().toExtend<OpenAI.Responses.ResponseInputItem.FunctionCallOutput>();
    expectTypeOf<OpenAiResponsesOutputPart>().toExtend<OpenAI.Responses.ResponseFunctionCallOutputItem>();
    // A function call's output takes no audio: the reason audio is a placeholder.
    const audio = { type: "input_audio", input_audio: { data: "AA==", format: "wav" } };
    // @ts-expect-error
    audio satisfies OpenAI.Responses.ResponseFunctionCallOutputItem;
    expectTypeOf<OpenAiResponsesFunctionCall>().toExtend<OpenAI.Responses.ResponseFunctionToolCall>();
    expectTypeOf<OpenAiResponsesAdditionalTools>().toExtend<OpenAI.Responses.ResponseInputItem.AdditionalTools>();
    expectTypeOf<OpenAI.Responses.Response>().toExtend<OpenAiResponsesResponse>();
  });

  it("anthropic", () => {
    expectTypeOf<AnthropicTool>().toExtend<Anthropic.Tool>();
    expectTypeOf<AnthropicToolResultBlock>().toExtend<Anthropic.ToolResultBlockParam>();
    expectTypeOf<AnthropicToolResultContentBlock>().toExtend<
      Exclude<NonNullable<Anthropic.ToolResultBlockParam["content"]>, string>[number]
    >();
    // Tool results take images of four types and PDF or plain-text documents, no audio.
    const bmp = {
      type: "image",
      source: { type: "base64", media_type: "image/bmp", data: "AA==" },
    };
    // @ts-expect-error
    bmp satisfies Anthropic.ImageBlockParam;
    const docx = {
      type: "document",
      source: { type: "base64", media_type: "application/msword", data: "AA==" },
    };
    // @ts-expect-error
    docx satisfies Anthropic.DocumentBlockParam;
    const audio = {
      type: "tool_result",
      tool_use_id: "c",
      content: [{ type: "audio", data: "AA==" }],
    };
    // @ts-expect-error
    audio satisfies Anthropic.ToolResultBlockParam;
    expectTypeOf<AnthropicToolResultMessage>().toExtend<Anthropic.MessageParam>();
    expectTypeOf<AnthropicToolUseBlock>().toExtend<Anthropic.ToolUseBlockParam>();
    expectTypeOf<AnthropicSystemMessage>().toExtend<Anthropic.Beta.BetaMessageParam>();
    expectTypeOf<Anthropic.Message>().toExtend<AnthropicResponse>();
  });

  it("gemini", () => {
    expectTypeOf<GeminiFunctionDeclaration>().toExtend<FunctionDeclaration>();
    expectTypeOf<GeminiTool>().toExtend<GeminiSdkTool>();
    expectTypeOf<GeminiToolResultContent>().toExtend<Content>();
    expectTypeOf<GeminiMediaPart>().toExtend<FunctionResponsePart>();
    expectTypeOf<GeminiMediaPart>().toExtend<Part>();
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
