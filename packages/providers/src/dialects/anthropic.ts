// Anthropic Messages: calls in, results out, calls replayed (SPEC §8.7, §8.8).

import type { Content, ToolCall, ToolResultMessage } from "@toolwright/tool-core";
import {
  decodeBase64Text,
  downgradeBlock,
  isForModel,
  type MediaSource,
  type ResultMapping,
  readBlockText,
  readMedia,
} from "../content/index";
import { fnv1aHex } from "../fnv1a-hex";
import { ProviderError } from "../provider-error";
import type { ProviderTools } from "../provider-tools";
import {
  copyArguments,
  isJsonObject,
  type ProviderToolCalls,
  ToolCallCollector,
} from "../read-tool-calls";
import { joinText, providerNameOf } from "../tool-result-text";
import type {
  AnthropicImageMediaType,
  AnthropicToolResultBlock,
  AnthropicToolResultContentBlock,
  AnthropicToolResultMessage,
  AnthropicToolUseBlock,
} from "./anthropic-types";

const IMAGE_TYPES: readonly string[] = ["image/jpeg", "image/png", "image/gif", "image/webp"];

/** Reads the `tool_use` blocks of `content[]`. */
export function readAnthropicCalls(response: unknown, tools: ProviderTools): ProviderToolCalls {
  if (!isJsonObject(response) || !Array.isArray(response.content)) {
    throw new ProviderError("INVALID_RESPONSE", "Anthropic response has no content[]");
  }
  const collector = new ToolCallCollector(tools);
  response.content.forEach((block, index) => {
    if (!isJsonObject(block) || block.type !== "tool_use") return;
    if (typeof block.id !== "string" || typeof block.name !== "string") {
      throw new ProviderError(
        "INVALID_RESPONSE",
        `Anthropic response: content[${index}] tool_use has no id or name`,
      );
    }
    collector.add(
      block.id,
      block.name,
      isJsonObject(block.input)
        ? { arguments: copyArguments(block.input) }
        : { arguments: {}, argumentsError: "Tool arguments must be a JSON object" },
    );
  });
  return {
    calls: collector.calls,
    truncated: response.stop_reason === "max_tokens",
    malformed: false,
    unknownNames: collector.unknownNames,
  };
}

/** A `tool_use.id` Anthropic accepts; the same function maps calls and results, so they pair. */
export function toAnthropicToolUseId(id: string): string {
  if (/^[a-zA-Z0-9_-]+$/.test(id)) return id;
  return `${id.replace(/[^a-zA-Z0-9_-]/g, "_")}_${fnv1aHex(id)}`;
}

const LABEL = "Anthropic";

/**
 * One user message with a `tool_result` block per result (none when there are no results). A
 * block's content is a string when every block the model gets is text (links included), else a
 * list of `text`, `image` (jpeg, png, gif, webp; base64 or URL) and `document` blocks (PDFs by
 * data or URL, plain text, embedded text resources titled with their URI). Audio and other
 * documents are a placeholder text with a warning.
 */
export function writeAnthropicResults(
  results: readonly ToolResultMessage[],
  mapping: ResultMapping,
): AnthropicToolResultMessage[] {
  if (results.length === 0) return [];
  return [{ role: "user", content: results.map((result) => toResultBlock(result, mapping)) }];
}

function toResultBlock(
  result: ToolResultMessage,
  mapping: ResultMapping,
): AnthropicToolResultBlock {
  const parts: AnthropicToolResultContentBlock[] = [];
  result.content.forEach((block, index) => {
    if (!isForModel(block, mapping.respectAudience)) return;
    const part = toContentBlock(block);
    parts.push(
      typeof part === "string"
        ? { type: "text", text: downgradeBlock(mapping, LABEL, result, block, index, part) }
        : part,
    );
  });
  const resultBlock: {
    -readonly [K in keyof AnthropicToolResultBlock]: AnthropicToolResultBlock[K];
  } = {
    type: "tool_result",
    tool_use_id: toAnthropicToolUseId(result.toolCallId),
  };
  if (parts.length > 0) {
    resultBlock.content = parts.every((part) => part.type === "text")
      ? joinText(parts.map((part) => (part.type === "text" ? part.text : "")))
      : parts;
  }
  if (result.isError === true) resultBlock.is_error = true;
  return resultBlock;
}

/** The `tool_result` content block for `block`, or why Anthropic cannot take it. */
function toContentBlock(block: Content): AnthropicToolResultContentBlock | string {
  if (block.type === "resource" && block.resource.text !== undefined) {
    const { uri, text } = block.resource;
    return {
      type: "document",
      source: { type: "text", media_type: "text/plain", data: text },
      title: uri,
    };
  }
  const text = readBlockText(block);
  if (text !== undefined) return { type: "text", text };
  const media = readMedia(block) as MediaSource;
  const title = media.filename === undefined ? {} : { title: media.filename };
  const { data, mimeType } = media;
  switch (media.kind) {
    case "image":
      if (!IMAGE_TYPES.includes(mimeType as string)) {
        return "Anthropic takes jpeg, png, gif and webp images";
      }
      return data === undefined
        ? { type: "image", source: { type: "url", url: media.url as string } }
        : {
            type: "image",
            source: { type: "base64", media_type: mimeType as AnthropicImageMediaType, data },
          };
    case "audio":
      return "Anthropic tool results carry text, images and documents, not audio";
    case "document":
      if (mimeType === "application/pdf") {
        return data === undefined
          ? { type: "document", source: { type: "url", url: media.url as string }, ...title }
          : {
              type: "document",
              source: { type: "base64", media_type: "application/pdf", data },
              ...title,
            };
      }
      if (mimeType === "text/plain" && data !== undefined) {
        const decoded = decodeBase64Text(data);
        if (decoded === undefined) return "its data is not base64 of UTF-8 text";
        return {
          type: "document",
          source: { type: "text", media_type: "text/plain", data: decoded },
          ...title,
        };
      }
      return "Anthropic takes PDF documents (by data or URL) and plain text (by data) only";
  }
}

/** The assistant's `tool_use` blocks, to replay a turn. */
export function writeAnthropicCalls(
  calls: readonly ToolCall[],
  tools: ProviderTools,
): AnthropicToolUseBlock[] {
  return calls.map((call) => ({
    type: "tool_use",
    id: toAnthropicToolUseId(call.id),
    name: providerNameOf(call.name, tools),
    input: call.arguments,
  }));
}
