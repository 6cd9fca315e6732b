// Chat Completions: calls in, results out, calls replayed (SPEC §8.8).

import {
  parseToolCallArguments,
  type ToolCall,
  type ToolResultMessage,
} from "@toolwright/tool-core";
import {
  downgradeBlock,
  isForModel,
  type MediaSource,
  nameMediaFile,
  type ResultMapping,
  readBlockText,
  readMedia,
  toDataUrl,
} from "../content/index";
import { ProviderError } from "../provider-error";
import type { ProviderTools } from "../provider-tools";
import { isJsonObject, type ProviderToolCalls, ToolCallCollector } from "../read-tool-calls";
import { joinText, providerNameOf } from "../tool-result-text";
import type {
  OpenAiChatAssistantMessage,
  OpenAiChatMediaMessage,
  OpenAiChatMediaPart,
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

const LABEL = "Chat Completions";
const HEADER = "Media returned by tool calls:";
const AUDIO_FORMATS: Readonly<Record<string, "wav" | "mp3">> = {
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/wave": "wav",
  "audio/mpeg": "mp3",
  "audio/mp3": "mp3",
};

/**
 * One `role: "tool"` message per result (its text blocks, links and embedded texts joined; Chat
 * tool messages carry text only), then — with `mediaInUserMessage` — one user message with the
 * media the Chat format takes (images, wav/mp3 audio, PDFs by data). Any other block is a
 * placeholder text with a warning.
 */
export function writeOpenAiChatResults(
  results: readonly ToolResultMessage[],
  mapping: ResultMapping,
): (OpenAiChatToolMessage | OpenAiChatMediaMessage)[] {
  const messages: (OpenAiChatToolMessage | OpenAiChatMediaMessage)[] = [];
  const mediaParts: OpenAiChatMediaPart[] = [];
  for (const result of results) {
    const texts: string[] = [];
    result.content.forEach((block, index) => {
      if (!isForModel(block, mapping.respectAudience)) return;
      const text = readBlockText(block);
      if (text !== undefined) {
        texts.push(text);
        return;
      }
      const part = toMediaPart(readMedia(block) as MediaSource, index, mapping.mediaInUserMessage);
      if (typeof part === "string") {
        texts.push(downgradeBlock(mapping, LABEL, result, block, index, part));
        return;
      }
      mediaParts.push({ type: "text", text: `${result.toolCallId}:` }, part);
    });
    messages.push({ role: "tool", tool_call_id: result.toolCallId, content: joinText(texts) });
  }
  if (mediaParts.length > 0) {
    messages.push({ role: "user", content: [{ type: "text", text: HEADER }, ...mediaParts] });
  }
  return messages;
}

/** The user-message part for `media`, or why Chat Completions cannot take it. */
function toMediaPart(
  media: MediaSource,
  blockIndex: number,
  mediaInUserMessage: boolean,
): OpenAiChatMediaPart | string {
  if (!mediaInUserMessage) {
    return "Chat Completions tool messages carry text only (openaiChat.mediaInUserMessage sends media in a user message)";
  }
  const { data, mimeType } = media;
  switch (media.kind) {
    case "image":
      return {
        type: "image_url",
        image_url: {
          url: data === undefined ? (media.url as string) : toDataUrl(mimeType as string, data),
        },
      };
    case "audio": {
      const format = mimeType === undefined ? undefined : AUDIO_FORMATS[mimeType];
      if (format === undefined || data === undefined) {
        return "Chat Completions takes audio as wav or mp3 data only";
      }
      return { type: "input_audio", input_audio: { data, format } };
    }
    case "document":
      if (mimeType !== "application/pdf") return "Chat Completions file parts take PDFs only";
      if (data === undefined) return "Chat Completions file parts take no URL";
      return {
        type: "file",
        file: { file_data: toDataUrl(mimeType, data), filename: nameMediaFile(media, blockIndex) },
      };
  }
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
