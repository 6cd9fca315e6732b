const toolBatchErrorBrand = Symbol.for("@toolwright/tool-exec.ToolBatchError");

/** What went wrong with a batch as a whole, as a stable string to branch on. */
export type ToolBatchErrorCode =
  /** An option is invalid: a `batchId` that does not match `^[A-Za-z0-9_.-]{1,128}$`, an empty `stateSecret`, a bad `ttlMs`. */
  | "INVALID_ARGUMENT"
  /** Not a `SuspendedBatch`: wrong `type`, missing fields, a call without `toolCall`, duplicate call ids, an awaiting call without `approvalId`. */
  | "INVALID_STATE"
  /** The state's `version` is greater than this package knows. */
  | "UNSUPPORTED_STATE_VERSION"
  /** `stateSecret` is set and the state's signature is absent or does not verify. */
  | "STATE_SIGNATURE_MISMATCH"
  /** A decision that is not an object, a `decision` other than `approve`/`deny`, a non-string `approvalId`, `message` or `by`. */
  | "INVALID_DECISION"
  /** A decision's `approvalId` belongs to no call of the state. */
  | "UNKNOWN_APPROVAL"
  /** Two decisions for one `approvalId` in the same resume. */
  | "DUPLICATE_DECISION"
  /** A decision for a call already settled in this state, or one that differs from a journaled decision (the first wins). */
  | "ALREADY_DECIDED"
  /** With a journal: the state's `revision` is lower than the journal's for its batch. */
  | "STALE_STATE"
  /** With a journal: another process holds the batch. */
  | "BATCH_LOCKED"
  /** A journal file has a bad record before its last line, or a bad last line that ends in a newline. */
  | "JOURNAL_CORRUPT"
  /**
   * The journal failed (a lost database connection, a full disk). `batchStarted` says what to do:
   * `false`, nothing was written and nothing ran — run the batch again; `true`, the journal may
   * hold the batch and calls may have run — recover it with `recoverToolBatch`, never run it again.
   */
  | "JOURNAL_UNAVAILABLE";

/** Options of {@link ToolBatchError}. */
export interface ToolBatchErrorOptions {
  readonly cause?: unknown;
  /** The batch the error is about, when there is one. */
  readonly batchId?: string;
  /** For `JOURNAL_UNAVAILABLE`: whether the journal may hold the batch (see the code). */
  readonly batchStarted?: boolean;
}

/**
 * The error class of `@toolwright/tool-exec` for a batch that cannot start or resume at all; branch
 * on `code`. A tool's own failure is never one: it becomes that call's error result.
 */
export class ToolBatchError extends Error {
  readonly code: ToolBatchErrorCode;
  /** The batch the error is about, when there is one. */
  readonly batchId: string | undefined;
  /**
   * For `JOURNAL_UNAVAILABLE`: `true` when the journal may hold the batch and calls may have run
   * (recover it), `false` when nothing was written and nothing ran (run it again).
   */
  readonly batchStarted: boolean | undefined;

  /** Creates the error; `options.cause` is kept as the error's `cause`. */
  constructor(code: ToolBatchErrorCode, message: string, options?: ToolBatchErrorOptions) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ToolBatchError";
    this.code = code;
    this.batchId = options?.batchId;
    this.batchStarted = options?.batchStarted;
    Object.defineProperty(this, toolBatchErrorBrand, { value: true });
  }

  /**
   * Whether `value` is a `ToolBatchError` — also one made by another copy of this package, where
   * `instanceof` would say no.
   */
  static isInstance(value: unknown): value is ToolBatchError {
    return typeof value === "object" && value !== null && toolBatchErrorBrand in value;
  }
}
