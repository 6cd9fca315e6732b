import type { ToolCall, ToolResultMessage } from "@toolwright/tool-core";
import { writeAnthropicResults } from "./dialects/anthropic";
import { hasSyntheticId, writeGeminiResults } from "./dialects/gemini";
import { writeOpenAiChatResults } from "./dialects/openai-chat";
import { writeOpenAiResponsesResults } from "./dialects/openai-responses";
import type { ProviderDialect } from "./provider-dialect";
import type { ProviderToolOptions } from "./provider-tool-options";
import type { ProviderTools } from "./provider-tools";
import type { ProviderToolResults } from "./provider-types";
import { syntheticIdsOf } from "./synthetic-call-ids";

/** Options of {@link toProviderToolResults}. */
export interface ToProviderToolResultsOptions
  extends Pick<ProviderToolOptions, "gemini" | "openaiChat"> {
  /**
   * Gemini: the calls these results answer, when they were not read with this binding (a
   * replayed transcript), so made-up ids are left out.
   */
  readonly calls?: readonly ToolCall[];
}

/**
 * Tool results (in source order) as the provider's next request input: Chat `role: "tool"`
 * messages (+ an optional user message with images), Responses `function_call_output` items,
 * one Anthropic user message of `tool_result` blocks, one Gemini user `Content`.
 *
 * @example
 * messages.push(...toProviderToolResults(results, tools));
 */
export function toProviderToolResults<D extends ProviderDialect>(
  results: readonly ToolResultMessage[],
  tools: ProviderTools<D>,
  options: ToProviderToolResultsOptions = {},
): ProviderToolResults<D> {
  const binding = tools as ProviderTools;
  switch (binding.dialect) {
    case "openai-chat":
      return writeOpenAiChatResults(
        results,
        (options.openaiChat ?? binding.options.openaiChat)?.imagesInUserMessage === true,
      ) as ProviderToolResults<D>;
    case "openai-responses":
      return writeOpenAiResponsesResults(results) as ProviderToolResults<D>;
    case "anthropic":
      return writeAnthropicResults(results) as ProviderToolResults<D>;
    case "gemini": {
      const synthetic = new Set(syntheticIdsOf(binding));
      for (const call of options.calls ?? []) if (hasSyntheticId(call)) synthetic.add(call.id);
      return writeGeminiResults(
        results,
        binding,
        synthetic,
        (options.gemini ?? binding.options.gemini)?.functionResponseParts !== false,
      ) as ProviderToolResults<D>;
    }
  }
}
