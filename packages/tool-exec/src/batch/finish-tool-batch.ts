/**
 * The end of a batch run, once no call is executing: if calls are still awaiting a
 * human or deferred behind one, an aborted run ends them as `Operation aborted` and completes;
 * otherwise the batch suspends — a signed JSON state, `tool_batch_suspended`, no `tool_result` and
 * no messages. A batch whose calls all settled emits `tool_result` for every call in source order
 * (those settled in earlier runs included) and completes. With a journal, a completed batch writes
 * its `completed` record, and a journal write that failed on the way rejects the batch now that
 * no call is executing.
 */
import { createSuspendedBatch, type SuspendedCallRecord } from "../approval/create-suspended-batch";
import { readApprovalClock } from "../approval/resolve-approval-options";
import { withApproval } from "../call/approve-tool-call";
import { ABORTED_TEXT } from "../call/executor-texts";
import { settleCallWithError } from "../call/settle-call";
import { traceUnpreparedEnding } from "../call/trace-tool-call";
import type { ToolApprovalRequest } from "../model/tool-approval-request";
import type { ToolBatchOutcome } from "../model/tool-batch-outcome";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import { toolCallOf } from "./batch-call";
import type { BatchProgress } from "./batch-progress";
import { settleBatchCall } from "./settle-batch-call";
import { shouldTerminateToolBatch } from "./should-terminate-tool-batch";

/** Completes or suspends `batch`; see the file header. */
export async function finishToolBatch(batch: BatchProgress): Promise<ToolBatchOutcome> {
  if (batch.hasUnsettledCall()) {
    if (batch.run.signal?.aborted !== true) {
      const suspended = await suspendToolBatch(batch);
      if (suspended !== undefined) return suspended;
    }
    await abortUnsettledCalls(batch);
  }
  return completeToolBatch(batch);
}

/** The suspended result, or `undefined` when the run aborted while the state was being built. */
async function suspendToolBatch(batch: BatchProgress): Promise<ToolBatchOutcome | undefined> {
  const { batchId, revision } = batch;
  const records: SuspendedCallRecord[] = [];
  const pending: ToolApprovalRequest[] = [];
  // Indexed loops over every call: run once per batch, often still unoptimised, where `for…of`
  // allocates an iterator result per element.
  for (let index = 0; index < batch.size; index++) {
    const outcome = batch.outcomeAt(index);
    if (outcome !== undefined) {
      records.push({ status: "settled", outcome });
      continue;
    }
    const call = batch.callAt(index);
    if (call.type === "awaiting") {
      records.push({ status: "awaiting_approval", request: call.request, lockKeys: call.lockKeys });
      pending.push(call.request);
    } else {
      records.push({ status: "deferred", toolCall: toolCallOf(call) });
    }
  }
  const state = await createSuspendedBatch({
    batchId,
    revision,
    mode: batch.mode,
    createdAt: batch.createdAt ?? new Date(readApprovalClock(batch.run.approval.now)).toISOString(),
    calls: records,
    ...(batch.run.approval.stateSecret === undefined
      ? {}
      : { stateSecret: batch.run.approval.stateSecret }),
  });
  // Abort takes precedence until the batch returns: signing is asynchronous.
  if (batch.run.signal?.aborted === true) return undefined;
  const announced = batch.events.suspended({
    type: "tool_batch_suspended",
    batchId,
    revision,
    pending: pending.map(({ toolCall, approvalId }) => ({ toolCallId: toolCall.id, approvalId })),
  });
  if (announced !== undefined) await announced;
  if (batch.events.batchListenerFailure !== undefined) {
    throw batch.events.batchListenerFailure.error;
  }
  if (batch.journal?.failure !== undefined) throw batch.journal.failure.error;
  return { status: "suspended", batchId, state, pending };
}

/**
 * Ends every awaiting or deferred call as `Operation aborted`, in source order. An awaiting call
 * gets `tool_approval_resolved` (`abort`) first; a deferred call of a sequential batch, which never
 * had a start event, gets one.
 */
async function abortUnsettledCalls(batch: BatchProgress): Promise<void> {
  const { events } = batch;
  for (let index = 0; index < batch.size; index++) {
    if (batch.outcomeAt(index) !== undefined) continue;
    const call = batch.callAt(index);
    const toolCall = toolCallOf(call);
    let outcome: ToolCallOutcome | undefined;
    if (call.type === "awaiting") {
      const resolution = { approvalId: call.request.approvalId, decision: "abort" as const };
      outcome = await events.resolved(toolCall, resolution);
      outcome ??= withApproval(aborted(toolCall), resolution);
    } else {
      if (batch.mode === "sequential") outcome = await events.start(toolCall);
      outcome ??= aborted(toolCall);
    }
    traceUnpreparedEnding(outcome);
    batch.settle(index, await settleBatchCall(batch, outcome));
  }
}

function aborted(toolCall: ReturnType<typeof toolCallOf>): ToolCallOutcome {
  return settleCallWithError(toolCall, undefined, "aborted", ABORTED_TEXT);
}

async function completeToolBatch(batch: BatchProgress): Promise<ToolBatchOutcome> {
  const { events, messages } = batch;
  const outcomes = batch.settledOutcomes();
  if (!batch.streamResults) {
    for (let index = 0; index < outcomes.length; index++) {
      const resulting = events.result(outcomes[index] as ToolCallOutcome, messages);
      if (resulting !== undefined) await resulting;
    }
  }
  const { journal } = batch;
  if (journal !== undefined) {
    await journal.completed();
    if (journal.failure !== undefined) throw journal.failure.error;
  }
  if (events.resultListenerFailure !== undefined) throw events.resultListenerFailure.error;
  return {
    status: "complete",
    batchId: batch.batchId,
    messages,
    outcomes,
    terminate: shouldTerminateToolBatch(outcomes),
    mode: batch.mode,
  };
}
