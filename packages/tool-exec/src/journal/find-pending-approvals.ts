import type { JournalPendingApproval } from "./journal-approval-listing";
import type { JournalRecord } from "./journal-record";
import { readJournaledBatch } from "./read-journaled-batch";
import { toPendingApproval } from "./to-pending-approval";

/**
 * The calls of a batch that wait for a person's decision, from its records (as `read` returns
 * them), in source order, for journal implementations: the latest `approval` record of a call
 * with no decision and no `settled` record, in a batch that is not completed. Throws
 * `ToolBatchError` `INVALID_STATE` without a `batch` record.
 */
export function findPendingApprovals(
  batchId: string,
  records: readonly JournalRecord[],
): JournalPendingApproval[] {
  const journaled = readJournaledBatch(batchId, records);
  if (journaled.completed) return [];
  const decided = new Set(journaled.decisions.map((decision) => decision.callId));
  const pending: JournalPendingApproval[] = [];
  for (const toolCall of journaled.batch.calls) {
    const approval = journaled.approvals.get(toolCall.id);
    if (approval === undefined || decided.has(toolCall.id) || journaled.settled.has(toolCall.id))
      continue;
    pending.push(toPendingApproval(batchId, toolCall, approval));
  }
  return pending;
}
