import type { ToolCall } from "@toolwright/tool-core";
import { writeAnthropicCalls } from "./dialects/anthropic";
import { writeGeminiCalls } from "./dialects/gemini";
import { writeOpenAiChatCalls } from "./dialects/openai-chat";
import { writeOpenAiResponsesCalls } from "./dialects/openai-responses";
import type { ProviderDialect } from "./provider-dialect";
import type { ProviderToolOptions } from "./provider-tool-options";
import type { ProviderTools } from "./provider-tools";
import type { ProviderAssistantToolCalls } from "./provider-types";
import type { ProviderWarning } from "./provider-warning";

/** Options of {@link toProviderToolCalls}. */
export interface ToProviderToolCallsOptions extends Pick<ProviderToolOptions, "gemini"> {
  /**
   * Told about what the replay had to make up (a Gemini thought-signature sentinel).
   *
   * **Contract:** called synchronously, once per warning; must not throw (a throw propagates out
   * of `toProviderToolCalls`); may keep the warning. Default: warnings are dropped.
   */
  readonly onWarning?: (warning: ProviderWarning) => void;
}

/**
 * Canonical tool calls (from a transcript) as the provider's assistant turn, to replay a
 * conversation: Chat one assistant message, Responses `function_call` items (with their item ids),
 * Anthropic `tool_use` blocks (ids made safe the same way as results), Gemini `functionCall`
 * parts (with thought signatures from `providerData`).
 *
 * @example
 * messages.push(...toProviderToolCalls(assistantCalls, tools));
 */
export function toProviderToolCalls<D extends ProviderDialect>(
  calls: readonly ToolCall[],
  tools: ProviderTools<D>,
  options: ToProviderToolCallsOptions = {},
): ProviderAssistantToolCalls<D> {
  const binding = tools as ProviderTools;
  switch (binding.dialect) {
    case "openai-chat":
      return writeOpenAiChatCalls(calls, binding) as ProviderAssistantToolCalls<D>;
    case "openai-responses":
      return writeOpenAiResponsesCalls(calls, binding) as ProviderAssistantToolCalls<D>;
    case "anthropic":
      return writeAnthropicCalls(calls, binding) as ProviderAssistantToolCalls<D>;
    case "gemini":
      return writeGeminiCalls(
        calls,
        binding,
        (options.gemini ?? binding.options.gemini)?.thoughtSignatureSentinel === true,
        options.onWarning ?? (() => {}),
      ) as ProviderAssistantToolCalls<D>;
  }
}
