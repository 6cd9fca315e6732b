import { ToolBatchError } from "../model/tool-batch-error";
import type { JournalRecord } from "./journal-record";

/** What a journal knows of a batch before a write. */
export interface JournalBatchStatus {
  /** The batch has its `batch` record. */
  readonly exists: boolean;
  /** The batch has its `completed` record. */
  readonly completed: boolean;
  /**
   * The calls that have a `started` record and no `settled` one. A `completed` record is refused
   * while any is left: a batch whose outcome write failed stays open for recovery. Absent: none.
   */
  readonly unsettled?: ReadonlySet<string>;
}

/**
 * The order rule of a batch's records, for journal implementations: the first record of a batch
 * is its `batch` record, there is only one, nothing follows `completed`, and `completed` comes only
 * once every started call is settled. Checks `records` appended to a batch in `status`; returns the
 * status after them. Throws `ToolBatchError` `INVALID_ARGUMENT` naming the record.
 */
export function checkJournalRecordOrder(
  batchId: string,
  records: readonly JournalRecord[],
  status: JournalBatchStatus,
): JournalBatchStatus {
  let { exists, completed } = status;
  let unsettled = status.unsettled;
  let ownsUnsettled = false;
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
    if (record.t === "started" || record.t === "settled") {
      // Copied once, on the first change: the caller's set is never mutated.
      if (!ownsUnsettled) {
        unsettled = new Set(unsettled);
        ownsUnsettled = true;
      }
      const changed = unsettled as Set<string>;
      if (record.t === "started") changed.add(record.callId);
      else changed.delete(record.callId);
    }
    if (record.t === "completed" && unsettled !== undefined && unsettled.size > 0) {
      const [first] = unsettled;
      refuse(
        `call ${first} was started and has no settled record; a batch completes only once every started call is settled (recover it instead)`,
      );
    }
    if (record.t === "batch") exists = true;
    if (record.t === "completed") completed = true;
  }
  return { exists, completed, ...(unsettled === undefined ? {} : { unsettled }) };
}
