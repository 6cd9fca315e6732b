const queueBullmqErrorBrand = Symbol.for("@toolwright/queue-bullmq.QueueBullmqError");

/** What went wrong, as a stable string to branch on. */
export type QueueBullmqErrorCode =
  /** An option is invalid: an empty `queueName`, a `concurrency` below 1, a negative `jobRetentionMs`. */
  | "INVALID_ARGUMENT"
  /** The dispatcher or worker was closed; nothing more can be dispatched. */
  | "CLOSED"
  /** The queue could not be reached to add the job (Redis or PostgreSQL down, a bad connection). */
  | "QUEUE_UNAVAILABLE"
  /** BullMQ reported the job failed (not the tool: a tool's throw is a `threw` result). */
  | "JOB_FAILED"
  /**
   * The job vanished from the queue while the call waited (Redis restarted without persistence, a
   * `FLUSHDB`, an eviction): no result will come. The tool may or may not have run.
   */
  | "JOB_LOST"
  /** The job finished with a value that is not a `ToolDispatchResult` (another program wrote to the queue). */
  | "INVALID_RESULT";

/** Options of {@link QueueBullmqError}. */
export interface QueueBullmqErrorOptions {
  readonly cause?: unknown;
}

/**
 * The error class of `@toolwright/queue-bullmq`: a transport failure of a dispatched call, or a bad
 * option. A tool's own failure is never one; it travels as a `threw` result.
 */
export class QueueBullmqError extends Error {
  readonly code: QueueBullmqErrorCode;

  /** Creates the error; `options.cause` is kept as the error's `cause`. */
  constructor(code: QueueBullmqErrorCode, message: string, options?: QueueBullmqErrorOptions) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "QueueBullmqError";
    this.code = code;
    Object.defineProperty(this, queueBullmqErrorBrand, { value: true });
  }

  /**
   * Whether `value` is a `QueueBullmqError` — also one made by another copy of this package, where
   * `instanceof` would say no.
   */
  static isInstance(value: unknown): value is QueueBullmqError {
    return typeof value === "object" && value !== null && queueBullmqErrorBrand in value;
  }
}

/** Throws `INVALID_ARGUMENT` unless `name` is a queue name BullMQ accepts (non-empty, no `:`). */
export function checkQueueName(name: unknown): void {
  if (typeof name !== "string" || name === "" || name.includes(":")) {
    throw new QueueBullmqError(
      "INVALID_ARGUMENT",
      `queueName must be a non-empty string without ":", got ${JSON.stringify(name)}`,
    );
  }
}
