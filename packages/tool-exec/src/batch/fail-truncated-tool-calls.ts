import type { ToolCall, ToolResultMessage } from "@toolwright/tool-core";
import { resolveBatchId } from "../approval/resolve-batch-id";
import { truncatedToolCallText } from "../call/executor-texts";
import { settleCallWithError } from "../call/settle-call";
import type { CompletedToolBatch } from "../model/tool-batch-outcome";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import { normalizeMaxMediaBytes } from "../output/limit-media";
import { BatchEvents } from "./batch-events";
import type { ExecuteToolBatchOptions } from "./execute-tool-batch-options";
import { openBatchJournal } from "./run-tool-batch";
import { ToolEventQueue } from "./tool-event-queue";

/**
 * For an assistant message cut off by the output token limit: its tool calls' arguments may be
 * truncated, so no tool runs. Each call, in order, still gets its start, end and result — an error
 * result (`errorType: "truncated_tool_call"`) that tells the model to re-issue the call — so every
 * call stays paired. `terminate` is always `false` and `mode` is `"truncated"`. Same options as
 * `executeToolBatch`; the batch never suspends (no call reaches approval), so the result is always
 * `status: "complete"`; `executeAssistantMessage` calls it when `stopReason` is
 * `"length"`. With `journal`, it takes the batch's lock and writes the `batch` record (mode
 * `"sequential"`) and every call's `settled` record in one append before the first event, then
 * `completed` before it resolves, so recovery never finds an unsettled call of it to run; the
 * journal keeps the truncated-call outcome even when a start or end listener replaced the live
 * one. `dispatcher` is unused: nothing runs.
 */
export async function failTruncatedToolCalls<TContext = unknown>(
  toolCalls: readonly ToolCall[],
  options: ExecuteToolBatchOptions<TContext>,
): Promise<CompletedToolBatch> {
  const batchId = resolveBatchId(options.batchId);
  normalizeMaxMediaBytes(options.maxMediaBytes);
  const truncated = toolCalls.map((toolCall) =>
    settleCallWithError(
      toolCall,
      undefined,
      "truncated_tool_call",
      truncatedToolCallText(toolCall.name),
    ),
  );
  const journal = await openBatchJournal(
    options as ExecuteToolBatchOptions<unknown>,
    batchId,
    "failTruncatedToolCalls",
  );
  try {
    await journal?.beginSettled(toolCalls, truncated);
    const outcomes = await emitTruncated(toolCalls, truncated, options);
    if (journal !== undefined) {
      await journal.completed();
      if (journal.failure !== undefined) throw journal.failure.error;
    }
    return { status: "complete", batchId, ...outcomes, terminate: false, mode: "truncated" };
  } finally {
    await journal?.release();
  }
}

/** Each call's start, end and result events, in order; rejects for a failing result listener. */
async function emitTruncated<TContext>(
  toolCalls: readonly ToolCall[],
  truncated: readonly ToolCallOutcome[],
  options: ExecuteToolBatchOptions<TContext>,
): Promise<{ messages: ToolResultMessage[]; outcomes: ToolCallOutcome[] }> {
  const events = new BatchEvents(new ToolEventQueue(options.onEvent), options);
  const messages: ToolResultMessage[] = [];
  const outcomes: ToolCallOutcome[] = [];
  for (const [index, toolCall] of toolCalls.entries()) {
    let started = events.start(toolCall);
    if (started instanceof Promise) started = await started;
    const outcome = started ?? (truncated[index] as ToolCallOutcome);
    let ended = events.end(outcome);
    if (ended instanceof Promise) ended = await ended;
    outcomes.push(ended);
    const resulting = events.result(ended, messages);
    if (resulting !== undefined) await resulting;
  }
  if (events.resultListenerFailure !== undefined) throw events.resultListenerFailure.error;
  return { messages, outcomes };
}
