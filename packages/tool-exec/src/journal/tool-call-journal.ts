import type { JournalApprovalPage, JournalApprovalQuery } from "./journal-approval-listing";
import type { JournalBatchPage, JournalBatchQuery } from "./journal-batch-listing";
import type { DecisionRecord, JournalRecord, SettledRecord } from "./journal-record";

/** What `settle` and `decide` did: wrote the record, or found the call already had one. */
export type JournalWriteResult = "recorded" | "duplicate";

/** A held batch lock (see {@link ToolCallJournal.lock}). */
export interface JournalLock {
  /** Gives the batch up; a second call does nothing. */
  release(): Promise<void>;
}

/**
 * Where an executor records what its calls did, so that a batch survives the process that ran
 * it. `createMemoryJournal()` (here), `createFileJournal()` (`@toolwright/tool-exec/node`)
 * and `createPostgresJournal()` (`@toolwright/journal-postgres`) implement it, and the contract
 * tests in `@toolwright/tool-exec/testing` check any implementation.
 *
 * **Contract:** every method may reject: `ToolBatchError` `INVALID_ARGUMENT` for a `batchId` that
 * does not match `^[A-Za-z0-9_.-]{1,128}$`, a record that is not a valid JSON record, a first record
 * that is not the batch's `batch` record, or a write to an unknown or completed batch;
 * `BATCH_LOCKED` from `lock`; `JOURNAL_CORRUPT` when stored records cannot be read; any other
 * error for a failing store. A write that rejects may or may not have been stored. Methods never
 * mutate the records they are given, and `read` returns records the caller may keep (later
 * writes do not change them). `append`, `settle` and `decide` are durable when they resolve.
 */
export interface ToolCallJournal {
  /**
   * Appends records of one batch in order; resolves only once they are durable. A `settled` or
   * `decision` record for a call that already has one is skipped, as `settle` and `decide` would.
   */
  append(batchId: string, records: readonly JournalRecord[]): Promise<void>;
  /** Appends a `settled` record unless the call already has one: the first settlement wins. */
  settle(batchId: string, record: SettledRecord): Promise<JournalWriteResult>;
  /** Appends a `decision` record unless the call already has one: the first decision wins. */
  decide(batchId: string, record: DecisionRecord): Promise<JournalWriteResult>;
  /**
   * Every record of the batch in append order; `[]` for an unknown batch. Decision records keep
   * their order among themselves, but a journal may return them after the other records (the
   * file journal keeps them in a file of their own, so that any process can decide).
   */
  read(batchId: string): Promise<readonly JournalRecord[]>;
  /** Batches with a `batch` record and no `completed` record, in no particular order. */
  listOpen(): Promise<readonly string[]>;
  /**
   * One page of the batches the journal keeps, newest first by their `batch` record's time, with
   * each batch's state and its calls' states (no arguments, no results: `read` has those).
   * Filters by state, tool name and time; the page is cut in the journal's own query, so a page
   * costs about the same with ten batches or ten thousand. Rejects with `ToolBatchError`
   * `INVALID_ARGUMENT` for a query `readJournalBatchQuery` refuses.
   */
  listBatches(query?: JournalBatchQuery): Promise<JournalBatchPage>;
  /**
   * One page of the calls waiting for a person's decision, across batches, oldest request first.
   * Rejects with `ToolBatchError` `INVALID_ARGUMENT` for a query `readJournalApprovalQuery`
   * refuses.
   */
  listPendingApprovals(query?: JournalApprovalQuery): Promise<JournalApprovalPage>;
  /**
   * Exclusive ownership of a batch while it runs, resumes or recovers. Rejects with
   * `ToolBatchError` `BATCH_LOCKED` while any other lock on the batch is held — in this process
   * or another. The lock is released when its owner process dies. `owner` names the holder in
   * error messages.
   */
  lock(batchId: string, owner: string): Promise<JournalLock>;
  /** Releases every lock this journal holds and frees its resources. Later calls reject. */
  close(): Promise<void>;
}
