import { checkJournalRecordOrder } from "./check-journal-record-order";
import type { JournalRecord } from "./journal-record";

/**
 * What a journal must know about one batch to accept a write: whether it exists, whether it is
 * completed, which calls are settled and decided (the first settlement and decision win), and
 * which started calls have no settlement yet (`completed` waits for them).
 */
export interface JournalBatchIndex {
  exists: boolean;
  completed: boolean;
  readonly settled: Set<string>;
  readonly decided: Set<string>;
  readonly unsettled: Set<string>;
}

export function createJournalBatchIndex(): JournalBatchIndex {
  return {
    exists: false,
    completed: false,
    settled: new Set(),
    decided: new Set(),
    unsettled: new Set(),
  };
}

/** Adds records that are already stored (read back from a file) to the index. */
export function indexStoredRecord(index: JournalBatchIndex, record: JournalRecord): void {
  if (record.t === "batch") index.exists = true;
  else if (record.t === "completed") index.completed = true;
  else if (record.t === "settled") {
    index.settled.add(record.callId);
    index.unsettled.delete(record.callId);
  } else if (record.t === "started") {
    if (!index.settled.has(record.callId)) index.unsettled.add(record.callId);
  } else if (record.t === "decision") index.decided.add(record.callId);
}

/**
 * The records of an append that are to be written: a `settled` or `decision` record for a call
 * that already has one (in the index or earlier in `records`) is left out. Throws `ToolBatchError`
 * `INVALID_ARGUMENT`, leaving the index unchanged, when the batch does not start with its `batch`
 * record, has a second one, or is completed. On success the index includes the records.
 */
export function admitJournalRecords(
  index: JournalBatchIndex,
  batchId: string,
  records: readonly JournalRecord[],
): JournalRecord[] {
  const after = checkJournalRecordOrder(batchId, records, index);
  const admitted: JournalRecord[] = [];
  const settled = new Set<string>();
  const decided = new Set<string>();
  for (const record of records) {
    if (record.t === "settled" || record.t === "decision") {
      const [stored, pending] =
        record.t === "settled" ? [index.settled, settled] : [index.decided, decided];
      if (stored.has(record.callId) || pending.has(record.callId)) continue;
      pending.add(record.callId);
    }
    admitted.push(record);
  }
  index.exists = after.exists;
  index.completed = after.completed;
  for (const callId of settled) index.settled.add(callId);
  for (const callId of decided) index.decided.add(callId);
  for (const record of admitted) {
    if (record.t === "started" && !index.settled.has(record.callId))
      index.unsettled.add(record.callId);
    else if (record.t === "settled") index.unsettled.delete(record.callId);
  }
  return admitted;
}
