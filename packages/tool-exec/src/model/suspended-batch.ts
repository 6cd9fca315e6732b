import type { JsonObject, JsonValue, ToolCall, ToolResult } from "@toolwright/tool-core";
import type { ToolBatchMode } from "./tool-batch-mode";
import type { ToolCallApproval } from "./tool-call-approval";

/** The `type` of every {@link SuspendedBatch}. */
export const SUSPENDED_BATCH_TYPE = "toolwright.suspended-batch";

/** The newest `SuspendedBatch` version this package writes and reads; older ones are read too. */
export const SUSPENDED_BATCH_VERSION = 1;

/**
 * A suspended batch as JSON (version 1): everything needed to resume it in any process, and
 * nothing else (no functions, hooks, seams or `context`: the resume call supplies them again).
 * Survives `JSON.parse(JSON.stringify(state))`. Store it with compare-and-set on
 * `(batchId, revision)`.
 */
export interface SuspendedBatch {
  readonly type: typeof SUSPENDED_BATCH_TYPE;
  readonly version: typeof SUSPENDED_BATCH_VERSION;
  readonly batchId: string;
  /** 0 when the batch first suspends; +1 on every resume that leaves calls unsettled. */
  readonly revision: number;
  /** The mode the batch effectively ran in. */
  readonly mode: ToolBatchMode;
  /** ISO-8601, from `approval.now()`. */
  readonly createdAt: string;
  /** Every call of the batch, in source order. */
  readonly calls: readonly SuspendedCall[];
  /** base64url HMAC-SHA256 over the canonical JSON of the rest; present iff a `stateSecret` was set. */
  readonly signature?: string;
}

/** One call of a {@link SuspendedBatch}. */
export type SuspendedCall = SettledSuspendedCall | AwaitingSuspendedCall | DeferredSuspendedCall;

/** A call that ended (in this run or an earlier one); it never runs again. */
export interface SettledSuspendedCall {
  readonly toolCall: ToolCall;
  readonly status: "settled";
  readonly outcome: SerializedOutcome;
}

/** A call waiting for a human decision. */
export interface AwaitingSuspendedCall {
  readonly toolCall: ToolCall;
  readonly status: "awaiting_approval";
  readonly approval: SuspendedApproval;
}

/**
 * A call that has not run because an earlier call awaits approval (overlapping lock keys, or a
 * sequential batch). It goes through the whole preflight again on resume.
 */
export interface DeferredSuspendedCall {
  readonly toolCall: ToolCall;
  readonly status: "deferred";
}

/** The pending request of an awaiting call. */
export interface SuspendedApproval {
  readonly approvalId: string;
  /** ISO-8601. */
  readonly requestedAt: string;
  /** ISO-8601; absent when the request never expires. */
  readonly expiresAt?: string;
  readonly reason?: string;
  readonly details?: JsonValue;
  /**
   * The validated params, for the request the reviewer sees after a resume. Written by the
   * executor; a state without it (e.g. rebuilt from a journal) shows the call's raw arguments.
   */
  readonly args?: JsonObject;
  /** The call's lock keys in the first run; later calls that overlap them stay deferred. */
  readonly lockKeys?: readonly string[];
}

/** Which fields of a result could not be stored as JSON. */
export type DroppedResultField = "details" | "structuredContent" | "usage";

/**
 * A settled call's outcome as JSON (also the journal's `SerializedOutcome`). A `details`
 * or `structuredContent` that is not JSON is stored as `null` and named in `dropped`; an unusable
 * `usage` is left out and named there too.
 */
export interface SerializedOutcome {
  /** The call's final result, as JSON. */
  readonly result: ToolResult;
  /** `true` when the call ended as an error. */
  readonly isError: boolean;
  /** Milliseconds `execute` ran; present only when it ran. */
  readonly durationMs?: number;
  /** Why the call is an error (a `ToolCallErrorType`); present exactly when `isError` is true. */
  readonly errorType?: string;
  /** How an approval request of the call was resolved, when it had one. */
  readonly approval?: ToolCallApproval;
  /**
   * The result fields that could not be stored as JSON (stored as `null`, or left out for `usage`).
   */
  readonly dropped?: readonly DroppedResultField[];
}
