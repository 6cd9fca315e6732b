// Responses API: calls in, results out, calls replayed (SPEC §8.8).

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
  OpenAiResponsesFunctionCall,
  OpenAiResponsesFunctionCallOutput,
  OpenAiResponsesOutputPart,
} from "./openai-responses-types";

/** Reads the `function_call` items of `output[]`, in order. */
export function readOpenAiResponsesCalls(
  response: unknown,
  tools: ProviderTools,
): ProviderToolCalls {
  if (!isJsonObject(response) || !Array.isArray(response.output)) {
    throw new ProviderError("INVALID_RESPONSE", "Responses response has no output[]");
  }
  const collector = new ToolCallCollector(tools);
  response.output.forEach((item, index) => {
    if (!isJsonObject(item) || item.type !== "function_call") return;
    if (typeof item.call_id !== "string" || typeof item.name !== "string") {
      throw new ProviderError(
        "INVALID_RESPONSE",
        `Responses response: output[${index}] function_call has no call_id or name`,
      );
    }
    const providerData = typeof item.id === "string" ? { openai: { itemId: item.id } } : undefined;
    collector.add(
      item.call_id,
      item.name,
      parseToolCallArguments(typeof item.arguments === "string" ? item.arguments : ""),
      providerData,
    );
  });
  const incomplete = response.incomplete_details;
  return {
    calls: collector.calls,
    truncated: isJsonObject(incomplete) && incomplete.reason === "max_output_tokens",
    malformed: false,
    unknownNames: collector.unknownNames,
  };
}

const LABEL = "Responses";

/**
 * One `function_call_output` item per result. `output` is a string when every block the model
 * gets is text (links and embedded texts included); else a list of `input_text`, `input_image`
 * (images by data URL or URL) and `input_file` (documents by data URL with a name, or by URL).
 * Audio is a placeholder text with a warning.
 */
export function writeOpenAiResponsesResults(
  results: readonly ToolResultMessage[],
  mapping: ResultMapping,
): OpenAiResponsesFunctionCallOutput[] {
  return results.map((result) => {
    const parts: OpenAiResponsesOutputPart[] = [];
    result.content.forEach((block, index) => {
      if (!isForModel(block, mapping.respectAudience)) return;
      const text = readBlockText(block);
      if (text !== undefined) {
        parts.push({ type: "input_text", text });
        return;
      }
      const part = toOutputPart(readMedia(block) as MediaSource, index);
      parts.push(
        typeof part === "string"
          ? { type: "input_text", text: downgradeBlock(mapping, LABEL, result, block, index, part) }
          : part,
      );
    });
    const textOnly = parts.every((part) => part.type === "input_text");
    const output = textOnly
      ? joinText(parts.map((part) => (part.type === "input_text" ? part.text : "")))
      : parts;
    return { type: "function_call_output", call_id: result.toolCallId, output };
  });
}

/** The output part for `media`, or why a Responses function output cannot take it. */
function toOutputPart(media: MediaSource, blockIndex: number): OpenAiResponsesOutputPart | string {
  const { data, mimeType } = media;
  switch (media.kind) {
    case "image":
      return {
        type: "input_image",
        image_url: data === undefined ? (media.url as string) : toDataUrl(mimeType as string, data),
      };
    case "audio":
      return "Responses function call outputs carry text, images and files, not audio";
    case "document":
      if (data === undefined) return { type: "input_file", file_url: media.url as string };
      if (mimeType === undefined) return "an inline file needs a MIME type";
      return {
        type: "input_file",
        file_data: toDataUrl(mimeType, data),
        filename: nameMediaFile(media, blockIndex),
      };
  }
}

/** One `function_call` item per call, with its item id when the response had one. */
export function writeOpenAiResponsesCalls(
  calls: readonly ToolCall[],
  tools: ProviderTools,
): OpenAiResponsesFunctionCall[] {
  return calls.map((call) => {
    const item: {
      -readonly [K in keyof OpenAiResponsesFunctionCall]: OpenAiResponsesFunctionCall[K];
    } = {
      type: "function_call",
      call_id: call.id,
      name: providerNameOf(call.name, tools),
      arguments: JSON.stringify(call.arguments),
    };
    const openai = call.providerData?.openai;
    if (isJsonObject(openai) && typeof openai.itemId === "string") item.id = openai.itemId;
    return item;
  });
}
