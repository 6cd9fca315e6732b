import type { ToolApprovalDecision } from "../approval/tool-approval-decision";
import { ToolBatchError } from "../model/tool-batch-error";
import type {
  ApprovalRecord,
  BatchRecord,
  JournalRecord,
  SettledRecord,
  StartedRecord,
} from "./journal-record";

/** What a batch's journal says, call by call (SPEC §11's recovery table reads this). */
export interface JournaledBatch {
  readonly batch: BatchRecord;
  /** The highest `revision` record, 0 without one. */
  readonly revision: number;
  /** Decisions in journal order; the first per call wins. */
  readonly decisions: readonly (ToolApprovalDecision & { readonly callId: string })[];
  /** The latest `approval` record of each call. */
  readonly approvals: ReadonlyMap<string, ApprovalRecord>;
  /** The first `started` records of each call, in order. */
  readonly started: ReadonlyMap<string, readonly StartedRecord[]>;
  /** The `settled` record of each call (the first wins). */
  readonly settled: ReadonlyMap<string, SettledRecord>;
  readonly completed: boolean;
}

/**
 * Indexes a batch's records. Rejects with `ToolBatchError` `INVALID_STATE` when the journal has no
 * `batch` record for it (an unknown batch, or a completed one whose files were deleted).
 */
export function readJournaledBatch(
  batchId: string,
  records: readonly JournalRecord[],
): JournaledBatch {
  let batch: BatchRecord | undefined;
  let revision = 0;
  let completed = false;
  const decisions: (ToolApprovalDecision & { readonly callId: string })[] = [];
  const approvals = new Map<string, ApprovalRecord>();
  const started = new Map<string, StartedRecord[]>();
  const settled = new Map<string, SettledRecord>();
  for (const record of records) {
    switch (record.t) {
      case "batch":
        batch ??= record;
        break;
      case "revision":
        revision = Math.max(revision, record.revision);
        break;
      case "approval":
        approvals.set(record.callId, record);
        break;
      case "decision":
        decisions.push({
          callId: record.callId,
          approvalId: record.approvalId,
          decision: record.decision,
          ...(record.by === undefined ? {} : { by: record.by }),
          ...(record.decision === "deny" && record.message !== undefined
            ? { message: record.message }
            : {}),
        } as ToolApprovalDecision & { readonly callId: string });
        break;
      case "started": {
        const list = started.get(record.callId);
        if (list === undefined) started.set(record.callId, [record]);
        else list.push(record);
        break;
      }
      case "settled":
        if (!settled.has(record.callId)) settled.set(record.callId, record);
        break;
      default:
        completed = true;
    }
  }
  if (batch === undefined) {
    throw new ToolBatchError(
      "INVALID_STATE",
      `The journal has no batch ${JSON.stringify(batchId)} (unknown, or completed and removed)`,
    );
  }
  return { batch, revision, decisions, approvals, started, settled, completed };
}
