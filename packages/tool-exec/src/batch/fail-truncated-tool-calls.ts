import type { ToolCall, ToolResultMessage } from "@toolwright/tool-core";
import { resolveBatchId } from "../approval/resolve-batch-id";
import type { CompletedToolBatch } from "../approval/tool-batch-outcome";
import { truncatedToolCallText } from "../call/executor-texts";
import { settleCallWithError } from "../call/settle-call";
import type { ToolCallOutcome } from "../call/tool-call-outcome";
import { BatchEvents } from "./batch-events";
import type { ExecuteToolBatchOptions } from "./execute-tool-batch-options";
import { ToolEventQueue } from "./tool-event-queue";

/**
 * For an assistant message cut off by the output token limit: its tool calls' arguments may be
 * truncated, so no tool runs. Each call, in order, still gets its start, end and result — an error
 * result (`errorType: "truncated_tool_call"`) that tells the model to re-issue the call — so every
 * call stays paired. `terminate` is always `false` and `mode` is `"truncated"`. Same options as
 * `executeToolBatch`; the batch never suspends (no call reaches approval), so the result is always
 * `status: "complete"`; `executeAssistantMessage` calls it when `stopReason` is
 * `"length"`.
 */
export async function failTruncatedToolCalls<TContext = unknown>(
  toolCalls: readonly ToolCall[],
  options: ExecuteToolBatchOptions<TContext>,
): Promise<CompletedToolBatch> {
  const batchId = resolveBatchId(options.batchId);
  const events = new BatchEvents(new ToolEventQueue(options.onEvent), options.truncation);
  const messages: ToolResultMessage[] = [];
  const outcomes: ToolCallOutcome[] = [];
  for (const toolCall of toolCalls) {
    let started = events.start(toolCall);
    if (started instanceof Promise) started = await started;
    const outcome =
      started ??
      settleCallWithError(
        toolCall,
        undefined,
        "truncated_tool_call",
        truncatedToolCallText(toolCall.name),
      );
    let ended = events.end(outcome);
    if (ended instanceof Promise) ended = await ended;
    outcomes.push(ended);
    const resulting = events.result(ended, messages);
    if (resulting !== undefined) await resulting;
  }
  if (events.resultListenerFailure !== undefined) throw events.resultListenerFailure.error;
  return { status: "complete", batchId, messages, outcomes, terminate: false, mode: "truncated" };
}
