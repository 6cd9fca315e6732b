import type { ToolCall, ToolResultMessage } from "@toolwright/tool-core";
import type { ResultMapping } from "./content/index";
import { writeAnthropicResults } from "./dialects/anthropic";
import { hasSyntheticId, writeGeminiResults } from "./dialects/gemini";
import { writeOpenAiChatResults } from "./dialects/openai-chat";
import { writeOpenAiResponsesResults } from "./dialects/openai-responses";
import type { ProviderDialect } from "./provider-dialect";
import type { ProviderToolOptions } from "./provider-tool-options";
import type { ProviderTools } from "./provider-tools";
import type { ProviderToolResults } from "./provider-types";
import type { ProviderWarning } from "./provider-warning";
import { syntheticIdsOf } from "./synthetic-call-ids";

/** Options of {@link toProviderToolResults}. */
export interface ToProviderToolResultsOptions
  extends Pick<ProviderToolOptions, "gemini" | "openaiChat" | "respectAudience"> {
  /**
   * Gemini: the calls these results answer, when they were not read with this binding (a
   * replayed transcript), so made-up ids are left out.
   */
  readonly calls?: readonly ToolCall[];
  /**
   * Told about each block sent as a placeholder text because the dialect's format cannot carry it
   * (`kind: "content"`, `code: "CONTENT_DOWNGRADED"`, with the call id and block index). A block
   * mapped natively, or left out for its audience, gives none.
   *
   * **Contract:** called synchronously, once per warning, in result and block order; must not
   * throw (a throw propagates out of `toProviderToolResults`); may keep the warning. Default:
   * warnings are dropped (the placeholder texts still say what was not sent).
   */
  readonly onWarning?: (warning: ProviderWarning) => void;
}

/**
 * Tool results (in source order) as the provider's next request input: Chat `role: "tool"`
 * messages (+ an optional user message with media), Responses `function_call_output` items,
 * one Anthropic user message of `tool_result` blocks, one Gemini user `Content`. Each block goes
 * the way the dialect's documented format takes it; a block it cannot take becomes a placeholder
 * text naming its type, MIME type and size (never its bytes) and a warning through `onWarning`.
 * Blocks meant only for the user (`annotations.audience` without `"assistant"`) are left out.
 *
 * @example
 * messages.push(...toProviderToolResults(results, tools, { onWarning: (w) => log.warn(w) }));
 */
export function toProviderToolResults<D extends ProviderDialect>(
  results: readonly ToolResultMessage[],
  tools: ProviderTools<D>,
  options: ToProviderToolResultsOptions = {},
): ProviderToolResults<D> {
  const binding = tools as ProviderTools;
  const openaiChat = options.openaiChat ?? binding.options.openaiChat;
  const mapping: ResultMapping = {
    respectAudience: (options.respectAudience ?? binding.options.respectAudience) !== false,
    onWarning: options.onWarning ?? ignoreWarning,
    mediaInUserMessage: openaiChat?.mediaInUserMessage === true,
  };
  switch (binding.dialect) {
    case "openai-chat":
      return writeOpenAiChatResults(results, mapping) as ProviderToolResults<D>;
    case "openai-responses":
      return writeOpenAiResponsesResults(results, mapping) as ProviderToolResults<D>;
    case "anthropic":
      return writeAnthropicResults(results, mapping) as ProviderToolResults<D>;
    case "gemini": {
      const synthetic = new Set(syntheticIdsOf(binding));
      for (const call of options.calls ?? []) if (hasSyntheticId(call)) synthetic.add(call.id);
      return writeGeminiResults(
        results,
        binding,
        synthetic,
        (options.gemini ?? binding.options.gemini)?.functionResponseParts !== false,
        mapping,
      ) as ProviderToolResults<D>;
    }
  }
}

function ignoreWarning(): void {}
