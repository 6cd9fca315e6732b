import type { SettledRecovery } from "./journal-record";

/**
 * Where a batch stands, from its records alone:
 * - `open`: no `completed` record and not waiting for a person (running now, or interrupted by a
 *   crash and not yet recovered);
 * - `suspended`: no `completed` record, no call running, and at least one call with an `approval`
 *   record and no `settled` one (awaiting a decision, or decided and waiting to be resumed);
 * - `completed`: a `completed` record, every call a success;
 * - `failed`: a `completed` record and at least one call that ended as an error result (a thrown
 *   error, an invalid call, a denial, an expiry, an interruption).
 */
export type JournalBatchState = "open" | "suspended" | "completed" | "failed";

/**
 * Where one call of a batch stands:
 * - `pending`: no record of its own yet (not reached, or deferred behind a call awaiting approval);
 * - `awaiting_approval`: an `approval` record and no decision;
 * - `decided`: a decision, not yet applied by a resume;
 * - `started`: `execute` began and no outcome is recorded (running, or interrupted by a crash);
 * - `succeeded` / `failed`: settled with a success or an error result.
 */
export type JournalCallState =
  | "pending"
  | "awaiting_approval"
  | "decided"
  | "started"
  | "succeeded"
  | "failed";

/** One call of a {@link JournalBatchSummary}. */
export interface JournalCallSummary {
  readonly callId: string;
  readonly toolName: string;
  readonly state: JournalCallState;
  /** How many `started` records the call has (more than 1: run again after a crash). */
  readonly attempts: number;
  /** The decision, once one is recorded (the first wins). */
  readonly decision?: "approve" | "deny";
  /** How recovery settled it, when it did (`interrupted`: it was cut off by a crash). */
  readonly recovery?: SettledRecovery;
  /** The settled outcome's `errorType`, for a failed call that has one. */
  readonly errorType?: string;
}

/** A batch as a listing shows it: its state and its calls' states, without their data. */
export interface JournalBatchSummary {
  readonly batchId: string;
  /** The `batch` record's time (the order of listings). */
  readonly at: string;
  readonly mode: "parallel" | "sequential";
  readonly state: JournalBatchState;
  /** The highest `revision` record, 0 without one. */
  readonly revision: number;
  /** The time of its newest record. */
  readonly updatedAt: string;
  /** The `completed` record's time. */
  readonly completedAt?: string;
  /** Every call, in source order. */
  readonly calls: readonly JournalCallSummary[];
  /**
   * Set when the journal could not read the batch's records (a corrupt file): the batch is listed
   * as `open`, with no calls, so that it is seen rather than hidden.
   */
  readonly problem?: string;
}

/**
 * Which batches `ToolCallJournal.listBatches` returns. Every field is optional; time bounds are
 * ISO-8601 strings (or `Date`s) compared with the `batch` record's `at`.
 */
export interface JournalBatchQuery {
  /** Only batches in this state. */
  readonly state?: JournalBatchState | undefined;
  /** Only batches with at least one call of this tool (exact name). */
  readonly toolName?: string | undefined;
  /** Only batches whose `batch` record is at or after this time. */
  readonly since?: string | Date | undefined;
  /** Only batches whose `batch` record is before this time. */
  readonly until?: string | Date | undefined;
  /** Page size: 1 to 500; default 50. */
  readonly limit?: number | undefined;
  /** The `nextCursor` of the previous page; absent for the newest page. */
  readonly cursor?: string | undefined;
}

/** One page of batches, newest first by the `batch` record's time (then by batch id, descending). */
export interface JournalBatchPage {
  readonly batches: readonly JournalBatchSummary[];
  /** Pass it as `cursor` for the next (older) page; absent on the last page. */
  readonly nextCursor?: string;
}
