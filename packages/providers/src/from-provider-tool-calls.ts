import { readAnthropicCalls } from "./dialects/anthropic";
import { hasSyntheticId, readGeminiCalls } from "./dialects/gemini";
import { readOpenAiChatCalls } from "./dialects/openai-chat";
import { readOpenAiResponsesCalls } from "./dialects/openai-responses";
import type { ProviderDialect } from "./provider-dialect";
import type { ProviderTools } from "./provider-tools";
import type { ProviderResponse } from "./provider-types";
import type { ProviderToolCalls } from "./read-tool-calls";
import { rememberSyntheticId } from "./synthetic-call-ids";

/** Options of {@link fromProviderToolCalls}. */
export interface FromProviderToolCallsOptions {
  /** Gemini: the prefix of made-up call ids (default: the sanitised `responseId`, else `gemini_call`). */
  readonly idPrefix?: string;
}

/**
 * The tool calls of a provider response as canonical `ToolCall`s: provider names mapped back
 * (unknown ones kept as written and listed in `unknownNames`), argument text parsed (never
 * throws for a model's bad arguments: `argumentsError` says why) and de-normalised for the
 * canonical schema. Throws `ProviderError("INVALID_RESPONSE")` for a body of the wrong shape.
 *
 * @example
 * const { calls } = fromProviderToolCalls(completion, tools);
 * const { messages } = await executeToolBatch(calls, { tools: registry });
 */
export function fromProviderToolCalls<D extends ProviderDialect>(
  response: ProviderResponse<D>,
  tools: ProviderTools<D>,
  options: FromProviderToolCallsOptions = {},
): ProviderToolCalls {
  const binding = tools as ProviderTools;
  switch (binding.dialect) {
    case "openai-chat":
      return readOpenAiChatCalls(response, binding);
    case "openai-responses":
      return readOpenAiResponsesCalls(response, binding);
    case "anthropic":
      return readAnthropicCalls(response, binding);
    case "gemini": {
      const read = readGeminiCalls(response, binding, options.idPrefix);
      for (const call of read.calls)
        if (hasSyntheticId(call)) rememberSyntheticId(binding, call.id);
      return read;
    }
  }
}
