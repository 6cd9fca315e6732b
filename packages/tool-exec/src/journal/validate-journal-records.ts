import { copyJsonValue } from "@toolwright/tool-core";
import { BATCH_ID_PATTERN } from "../approval/resolve-batch-id";
import { ToolBatchError } from "../model/tool-batch-error";
import { findJournalRecordProblem } from "./find-journal-record-problem";
import type { JournalRecord } from "./journal-record";

/**
 * The checks every {@link ToolCallJournal} runs before it writes, for journal implementations:
 * `batchId` matches `^[A-Za-z0-9_.-]{1,128}$`, and each record is JSON with the shape of its
 * type (a `batch` record naming this `batchId`). Returns JSON copies of the records, safe to keep.
 * Throws `ToolBatchError` `INVALID_ARGUMENT` naming the batch, the record's index and the problem.
 */
export function validateJournalRecords(
  batchId: string,
  records: readonly unknown[],
): JournalRecord[] {
  checkJournalBatchId(batchId);
  if (!Array.isArray(records)) {
    throw new ToolBatchError(
      "INVALID_ARGUMENT",
      `Journal records for batch ${batchId} must be an array`,
    );
  }
  return records.map((record, index) => {
    const refuse = (problem: string): never => {
      throw new ToolBatchError(
        "INVALID_ARGUMENT",
        `Journal record ${index} for batch ${batchId} is invalid: ${problem}`,
      );
    };
    const copy = copyJsonValue(record);
    if (!copy.ok) return refuse(`not JSON at ${copy.failure.path || "/"}: ${copy.failure.reason}`);
    const problem = findJournalRecordProblem(copy.value);
    if (problem !== undefined) return refuse(problem);
    const copied = copy.value as JournalRecord;
    if (copied.t === "batch" && copied.batchId !== batchId)
      refuse("a batch record for another batchId");
    return copied;
  });
}

/** Throws `ToolBatchError` `INVALID_ARGUMENT` unless `batchId` can name a journaled batch. */
export function checkJournalBatchId(batchId: unknown): asserts batchId is string {
  if (typeof batchId !== "string" || !BATCH_ID_PATTERN.test(batchId)) {
    const shown =
      typeof batchId === "string" ? JSON.stringify(batchId.slice(0, 140)) : typeof batchId;
    throw new ToolBatchError(
      "INVALID_ARGUMENT",
      `batchId must match ${String(BATCH_ID_PATTERN)}, got ${shown}`,
    );
  }
}
