// Anthropic Messages: calls in, results out, calls replayed (SPEC §8.7, §8.8).

import type { ToolCall, ToolResultMessage } from "@toolwright/tool-core";
import { describeContentPlaceholder } from "@toolwright/tool-core";
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
  AnthropicToolResultMessage,
  AnthropicToolUseBlock,
} from "./anthropic-types";

const imageTypes: readonly string[] = ["image/jpeg", "image/png", "image/gif", "image/webp"];

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

/** One user message with a `tool_result` block per result (none when there are no results). */
export function writeAnthropicResults(
  results: readonly ToolResultMessage[],
): AnthropicToolResultMessage[] {
  if (results.length === 0) return [];
  return [{ role: "user", content: results.map(toResultBlock) }];
}

function toResultBlock(result: ToolResultMessage): AnthropicToolResultBlock {
  const parts: Exclude<AnthropicToolResultBlock["content"], string | undefined> = [];
  for (const part of result.content) {
    if (part.type === "text") parts.push({ type: "text", text: part.text });
    else if (part.type !== "image") {
      parts.push({ type: "text", text: describeContentPlaceholder(part, "Anthropic") });
    } else if (imageTypes.includes(part.mimeType)) {
      const mediaType = part.mimeType as AnthropicImageMediaType;
      parts.push({
        type: "image",
        source: { type: "base64", media_type: mediaType, data: part.data },
      });
    } else
      parts.push({
        type: "text",
        text: `[image ${part.mimeType} omitted: Anthropic takes jpeg, png, gif and webp images]`,
      });
  }
  const block: { -readonly [K in keyof AnthropicToolResultBlock]: AnthropicToolResultBlock[K] } = {
    type: "tool_result",
    tool_use_id: toAnthropicToolUseId(result.toolCallId),
  };
  if (parts.length > 0) {
    block.content = parts.every((part) => part.type === "text")
      ? joinText(parts.map((part) => (part.type === "text" ? part.text : "")))
      : parts;
  }
  if (result.isError === true) block.is_error = true;
  return block;
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
