import { ToolBatchError } from "../model/tool-batch-error";
import type { FileJournalSync } from "./create-file-appender";
import type { FileJournalOptions } from "./file-journal-options";

/** Default `maxRecordBytes`: 8 MiB. */
export const DEFAULT_MAX_RECORD_BYTES = 8 * 1024 * 1024;

/** The smallest `maxRecordBytes` accepted: room for a batch record and a cut outcome. */
const MIN_MAX_RECORD_BYTES = 1024;

/** `options` with defaults; throws `ToolBatchError` `INVALID_ARGUMENT` naming a bad option. */
export function validateFileJournalOptions(options: FileJournalOptions): {
  [Key in keyof FileJournalOptions]-?: Exclude<FileJournalOptions[Key], undefined>;
} {
  const refuse = (message: string): never => {
    throw new ToolBatchError("INVALID_ARGUMENT", `createFileJournal: ${message}`);
  };
  if (typeof options !== "object" || options === null) refuse("options must be an object");
  const {
    dir,
    sync = "group",
    maxRecordBytes = DEFAULT_MAX_RECORD_BYTES,
    retainCompleted = false,
  } = options;
  if (typeof dir !== "string" || dir === "") refuse("dir must be a non-empty path");
  if (sync !== "group" && sync !== "each" && sync !== "none") {
    refuse(`sync must be "group", "each" or "none", got ${JSON.stringify(sync)}`);
  }
  if (!Number.isSafeInteger(maxRecordBytes) || maxRecordBytes < MIN_MAX_RECORD_BYTES) {
    refuse(
      `maxRecordBytes must be an integer of at least ${MIN_MAX_RECORD_BYTES}, got ${String(maxRecordBytes)}`,
    );
  }
  if (typeof retainCompleted !== "boolean") refuse("retainCompleted must be a boolean");
  const { retainCompletedMs } = options;
  if (
    retainCompletedMs !== undefined &&
    (!Number.isSafeInteger(retainCompletedMs) || retainCompletedMs < 0)
  )
    refuse(`retainCompletedMs must be an integer of at least 0, got ${String(retainCompletedMs)}`);
  if (retainCompletedMs !== undefined && options.retainCompleted === false)
    refuse(
      "retainCompletedMs keeps completed batches for a while; it cannot go with retainCompleted: false",
    );
  return {
    dir,
    sync: sync as FileJournalSync,
    maxRecordBytes,
    retainCompleted: retainCompleted || retainCompletedMs !== undefined,
    retainCompletedMs: retainCompletedMs ?? Number.POSITIVE_INFINITY,
  };
}
