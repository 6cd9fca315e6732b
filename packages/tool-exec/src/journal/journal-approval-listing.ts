import type { JsonObject, JsonValue, ToolCall } from "@toolwright/tool-core";

/**
 * A call waiting for a person's decision: its latest `approval` record has no decision, the call
 * is not settled and its batch is not completed. An expired request is still listed (with its
 * `expiresAt`): the resume that applies it settles the call as expired.
 */
export interface JournalPendingApproval {
  readonly batchId: string;
  readonly callId: string;
  readonly approvalId: string;
  readonly toolName: string;
  /** The call as the model wrote it (from the `batch` record). */
  readonly toolCall: ToolCall;
  /** The validated params the tool would receive, when the executor recorded them. */
  readonly args?: JsonObject;
  /** The `approval` record's time: when the decision was asked for. */
  readonly requestedAt: string;
  readonly expiresAt?: string;
  /** Why the gate asked (for the reviewer, never the model). */
  readonly reason?: string;
  readonly details?: JsonValue;
}

/** Which pending approvals `ToolCallJournal.listPendingApprovals` returns. */
export interface JournalApprovalQuery {
  /** Page size: 1 to 500; default 50. */
  readonly limit?: number | undefined;
  /** The `nextCursor` of the previous page; absent for the oldest page. */
  readonly cursor?: string | undefined;
}

/** One page of pending approvals, oldest first by `requestedAt` (then batch id, then call id). */
export interface JournalApprovalPage {
  readonly approvals: readonly JournalPendingApproval[];
  /** Pass it as `cursor` for the next (newer) page; absent on the last page. */
  readonly nextCursor?: string;
}
