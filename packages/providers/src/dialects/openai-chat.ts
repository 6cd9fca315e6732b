// Chat Completions: calls in, results out, calls replayed (SPEC §8.8).

import {
  describeContentPlaceholder,
  parseToolCallArguments,
  type ToolCall,
  type ToolResultMessage,
} from "@toolwright/tool-core";
import { ProviderError } from "../provider-error";
import type { ProviderTools } from "../provider-tools";
import { isJsonObject, type ProviderToolCalls, ToolCallCollector } from "../read-tool-calls";
import { joinText, providerNameOf } from "../tool-result-text";
import type {
  OpenAiChatAssistantMessage,
  OpenAiChatImageMessage,
  OpenAiChatToolMessage,
} from "./openai-chat-types";

/** Reads `choices[0].message.tool_calls`. */
export function readOpenAiChatCalls(response: unknown, tools: ProviderTools): ProviderToolCalls {
  if (
    !isJsonObject(response) ||
    !Array.isArray(response.choices) ||
    response.choices.length === 0
  ) {
    throw new ProviderError("INVALID_RESPONSE", "Chat Completions response has no choices[]");
  }
  const choice = response.choices[0];
  if (!isJsonObject(choice) || !isJsonObject(choice.message)) {
    throw new ProviderError(
      "INVALID_RESPONSE",
      "Chat Completions response: choices[0].message is not an object",
    );
  }
  const collector = new ToolCallCollector(tools);
  const toolCalls = choice.message.tool_calls ?? [];
  if (!Array.isArray(toolCalls)) {
    throw new ProviderError(
      "INVALID_RESPONSE",
      "Chat Completions response: choices[0].message.tool_calls is not an array",
    );
  }
  toolCalls.forEach((toolCall, index) => {
    if (!isJsonObject(toolCall) || toolCall.type !== "function") return;
    const fn = toolCall.function;
    if (typeof toolCall.id !== "string" || !isJsonObject(fn) || typeof fn.name !== "string") {
      throw new ProviderError(
        "INVALID_RESPONSE",
        `Chat Completions response: tool_calls[${index}] has no id or function.name`,
      );
    }
    collector.add(
      toolCall.id,
      fn.name,
      parseToolCallArguments(typeof fn.arguments === "string" ? fn.arguments : ""),
    );
  });
  return {
    calls: collector.calls,
    truncated: choice.finish_reason === "length",
    malformed: false,
    unknownNames: collector.unknownNames,
  };
}

/** One `role: "tool"` message per result, then the optional user message with images. */
export function writeOpenAiChatResults(
  results: readonly ToolResultMessage[],
  imagesInUserMessage: boolean,
): (OpenAiChatToolMessage | OpenAiChatImageMessage)[] {
  const messages: (OpenAiChatToolMessage | OpenAiChatImageMessage)[] = [];
  const imageParts: OpenAiChatImageMessage["content"] = [];
  for (const result of results) {
    const texts: string[] = [];
    for (const part of result.content) {
      if (part.type === "text") texts.push(part.text);
      else if (part.type !== "image") {
        texts.push(describeContentPlaceholder(part, "Chat Completions"));
      } else if (imagesInUserMessage) {
        imageParts.push({ type: "text", text: `${result.toolCallId}:` });
        imageParts.push({
          type: "image_url",
          image_url: { url: `data:${part.mimeType};base64,${part.data}` },
        });
      } else
        texts.push(
          `[image ${part.mimeType} omitted: Chat Completions tool results carry text only]`,
        );
    }
    messages.push({ role: "tool", tool_call_id: result.toolCallId, content: joinText(texts) });
  }
  if (imageParts.length > 0) {
    messages.push({
      role: "user",
      content: [{ type: "text", text: "Images returned by tool calls:" }, ...imageParts],
    });
  }
  return messages;
}

/** One assistant message with every call (none when there are no calls). */
export function writeOpenAiChatCalls(
  calls: readonly ToolCall[],
  tools: ProviderTools,
): OpenAiChatAssistantMessage[] {
  if (calls.length === 0) return [];
  return [
    {
      role: "assistant",
      content: null,
      tool_calls: calls.map((call) => ({
        id: call.id,
        type: "function" as const,
        function: {
          name: providerNameOf(call.name, tools),
          arguments: JSON.stringify(call.arguments),
        },
      })),
    },
  ];
}
