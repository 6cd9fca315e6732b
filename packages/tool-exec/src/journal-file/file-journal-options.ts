import type { FileJournalSync } from "./create-file-appender";

/** Options of `createFileJournal`. */
export interface FileJournalOptions {
  /** The journal's folder, created if missing. One machine only: no NFS, no sharing between hosts. */
  readonly dir: string;
  /** `"group"` (default): appends of one tick share one fdatasync. `"each"`: one per append. `"none"`: no sync, for tests only. */
  readonly sync?: FileJournalSync | undefined;
  /** Longest record line in bytes; default 8 MiB. A larger settled outcome is stored cut, with `truncatedRecord: true`. */
  readonly maxRecordBytes?: number | undefined;
  /** Keep a completed batch's files; default `false`: they are deleted once `completed` is written. */
  readonly retainCompleted?: boolean | undefined;
  /**
   * Keep a completed batch's files for this many ms after its `completed` record, then delete
   * them (implies `retainCompleted`). The journal looks for expired batches at most once per
   * `min(retainCompletedMs, 60 s)`, after it completes a batch and when it lists batches.
   */
  readonly retainCompletedMs?: number | undefined;
}
