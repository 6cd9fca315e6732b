import type {
  JournalBatchState,
  JournalBatchSummary,
  JournalCallState,
  JournalCallSummary,
} from "./journal-batch-listing";
import type { JournalRecord } from "./journal-record";
import { readJournaledBatch } from "./read-journaled-batch";

/**
 * A batch's {@link JournalBatchSummary}, from its records (as `read` returns them), for journal
 * implementations. Reads only the fields a summary shows: `at`, `mode` and the calls' ids and
 * names of the `batch` record; `callId`, `decision`, `recovery` and the outcome's `isError` and
 * `errorType` of the others. Throws `ToolBatchError` `INVALID_STATE` without a `batch` record.
 */
export function summarizeJournalBatch(
  batchId: string,
  records: readonly JournalRecord[],
): JournalBatchSummary {
  const journaled = readJournaledBatch(batchId, records);
  let updatedAt = journaled.batch.at;
  let completedAt: string | undefined;
  for (const record of records) {
    if (record.at > updatedAt) updatedAt = record.at;
    if (record.t === "completed") completedAt = record.at;
  }
  const calls = journaled.batch.calls.map((toolCall): JournalCallSummary => {
    const callId = toolCall.id;
    const settled = journaled.settled.get(callId);
    const attempts = journaled.started.get(callId)?.length ?? 0;
    const decision = journaled.decisions.find((entry) => entry.callId === callId)?.decision;
    let state: JournalCallState;
    if (settled !== undefined) state = settled.outcome.isError ? "failed" : "succeeded";
    else if (attempts > 0) state = "started";
    else if (decision !== undefined) state = "decided";
    else if (journaled.approvals.has(callId)) state = "awaiting_approval";
    else state = "pending";
    const errorType = settled?.outcome.isError === true ? settled.outcome.errorType : undefined;
    return {
      callId,
      toolName: toolCall.name,
      state,
      attempts,
      ...(decision === undefined ? {} : { decision }),
      ...(settled?.recovery === undefined ? {} : { recovery: settled.recovery }),
      ...(errorType === undefined ? {} : { errorType }),
    };
  });
  return {
    batchId,
    at: journaled.batch.at,
    mode: journaled.batch.mode,
    state: stateOf(journaled.completed, calls),
    revision: journaled.revision,
    updatedAt,
    ...(completedAt === undefined ? {} : { completedAt }),
    calls,
  };
}

function stateOf(completed: boolean, calls: readonly JournalCallSummary[]): JournalBatchState {
  if (completed) return calls.some((call) => call.state === "failed") ? "failed" : "completed";
  if (calls.some((call) => call.state === "started")) return "open";
  const waiting = calls.some(
    (call) => call.state === "awaiting_approval" || call.state === "decided",
  );
  return waiting ? "suspended" : "open";
}
