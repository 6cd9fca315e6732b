import { ToolBatchError } from "../approval/tool-batch-error";
import type { JournalRecord } from "./journal-record";

/** What a journal knows of a batch before a write. */
export interface JournalBatchStatus {
  /** The batch has its `batch` record. */
  readonly exists: boolean;
  /** The batch has its `completed` record. */
  readonly completed: boolean;
}

/**
 * The order rule of a batch's records, for journal implementations: the first record of a batch
 * is its `batch` record, there is only one, and nothing follows `completed`. Checks `records`
 * appended to a batch in `status`; returns the status after them. Throws `ToolBatchError`
 * `INVALID_ARGUMENT` naming the record.
 */
export function checkJournalRecordOrder(
  batchId: string,
  records: readonly JournalRecord[],
  status: JournalBatchStatus,
): JournalBatchStatus {
  let { exists, completed } = status;
  for (const [position, record] of records.entries()) {
    const refuse = (why: string): never => {
      throw new ToolBatchError(
        "INVALID_ARGUMENT",
        `Journal record ${position} for batch ${batchId}: ${why}`,
      );
    };
    if (completed) refuse("the batch is completed; nothing can be appended to it");
    if (!exists && record.t !== "batch")
      refuse("unknown batch (its first record must be its batch record)");
    if (exists && record.t === "batch") refuse("the batch already has its batch record");
    if (record.t === "batch") exists = true;
    if (record.t === "completed") completed = true;
  }
  return { exists, completed };
}
