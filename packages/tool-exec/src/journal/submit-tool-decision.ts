import { readToolApprovalDecisions } from "../approval/read-tool-approval-decisions";
import type { ToolApprovalDecision } from "../approval/tool-approval-decision";
import { ToolBatchError } from "../model/tool-batch-error";
import { isSameDecision } from "./is-same-decision";
import { readJournaledBatch } from "./read-journaled-batch";
import type { JournalWriteResult, ToolCallJournal } from "./tool-call-journal";

/**
 * Records one reviewer's decision on a pending approval, from any process and
 * without the batch's lock: the first decision per call wins. Returns `"recorded"`, or
 * `"duplicate"` for an identical repeat; rejects with `ToolBatchError` `ALREADY_DECIDED` for a
 * conflicting one (or a call already settled), `UNKNOWN_APPROVAL` when no call of the batch has
 * the `approvalId`, `INVALID_DECISION` for a malformed decision. A later
 * `resumeToolBatch(loadedState, [], { journal })` or `recoverToolBatch` applies it.
 */
export async function submitToolDecision(
  journal: ToolCallJournal,
  batchId: string,
  decision: ToolApprovalDecision,
): Promise<JournalWriteResult> {
  const [checked] = readToolApprovalDecisions([decision]) as [ToolApprovalDecision];
  const quoted = JSON.stringify(checked.approvalId);
  const journaled = readJournaledBatch(batchId, await journal.read(batchId));
  let callId: string | undefined;
  for (const [id, approval] of journaled.approvals) {
    if (approval.approvalId === checked.approvalId) callId = id;
  }
  if (callId === undefined) {
    throw new ToolBatchError(
      "UNKNOWN_APPROVAL",
      `No call of batch ${batchId} has approvalId ${quoted}`,
    );
  }
  if (journaled.settled.has(callId)) {
    throw new ToolBatchError(
      "ALREADY_DECIDED",
      `Call ${JSON.stringify(callId)} is already settled`,
    );
  }
  const written = await journal.decide(batchId, {
    t: "decision",
    callId,
    approvalId: checked.approvalId,
    decision: checked.decision,
    ...(checked.decision === "deny" && checked.message !== undefined
      ? { message: checked.message }
      : {}),
    ...(checked.by === undefined ? {} : { by: checked.by }),
    at: new Date().toISOString(),
  });
  if (written === "recorded") return written;
  const after = readJournaledBatch(batchId, await journal.read(batchId));
  const first = after.decisions.find((entry) => entry.callId === callId);
  if (first !== undefined && isSameDecision(first, checked)) return "duplicate";
  throw new ToolBatchError(
    "ALREADY_DECIDED",
    `approvalId ${quoted} already has a different decision (${first?.decision ?? "unknown"}); the first decision wins`,
  );
}
