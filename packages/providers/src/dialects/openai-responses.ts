// Responses API: calls in, results out, calls replayed (SPEC §8.8).

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
  OpenAiResponsesFunctionCall,
  OpenAiResponsesFunctionCallOutput,
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

/** One `function_call_output` item per result; `output` is a string when text-only. */
export function writeOpenAiResponsesResults(
  results: readonly ToolResultMessage[],
): OpenAiResponsesFunctionCallOutput[] {
  return results.map((result) => {
    const textOnly = result.content.every((part) => part.type === "text");
    const output: OpenAiResponsesFunctionCallOutput["output"] = textOnly
      ? joinText(result.content.map((part) => (part.type === "text" ? part.text : "")))
      : result.content.map((part) =>
          part.type === "text"
            ? { type: "input_text" as const, text: part.text }
            : part.type !== "image"
              ? {
                  type: "input_text" as const,
                  text: describeContentPlaceholder(part, "Responses"),
                }
              : {
                  type: "input_image" as const,
                  image_url: `data:${part.mimeType};base64,${part.data}`,
                },
        );
    return { type: "function_call_output", call_id: result.toolCallId, output };
  });
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
