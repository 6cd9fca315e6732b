import type { ToolContent, ToolResultMessage } from "@toolwright/tool-core";
import type { MaybePromise } from "../maybe-async";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import { limitMedia } from "./limit-media";
import { type TruncationOptions, truncateOutput } from "./truncate-output";

/**
 * The transcript message of an outcome: the model-facing fields only (no `structuredContent`, no
 * `terminate`), `durationMs` only when `execute` ran, the text truncated unless `truncation` is
 * `false`, and each block over `maxMediaBytes` replaced by a text saying so (see `limitMedia`).
 * Returns a promise only when a `spill` hook returned one.
 */
export function createToolResultMessage(
  outcome: ToolCallOutcome,
  truncation: TruncationOptions | false | undefined,
  maxMediaBytes: number,
): MaybePromise<ToolResultMessage> {
  const content =
    truncation === false
      ? outcome.result.content
      : truncateOutput(outcome.result.content, truncation ?? {}, outcome.toolCall);
  // Media are limited after truncation, so that the texts standing in for them are never cut.
  if (content instanceof Promise) {
    return content.then((truncated) => toMessage(limitMedia(truncated, maxMediaBytes), outcome));
  }
  return toMessage(limitMedia(content, maxMediaBytes), outcome);
}

function toMessage(content: readonly ToolContent[], outcome: ToolCallOutcome): ToolResultMessage {
  const { toolCall, result, isError, durationMs } = outcome;
  if (durationMs === undefined) {
    return {
      role: "toolResult",
      toolCallId: toolCall.id,
      toolName: toolCall.name,
      content,
      details: result.details,
      usage: result.usage,
      isError,
      timestamp: Date.now(),
    };
  }
  return {
    role: "toolResult",
    toolCallId: toolCall.id,
    toolName: toolCall.name,
    content,
    details: result.details,
    usage: result.usage,
    isError,
    durationMs,
    timestamp: Date.now(),
  };
}
