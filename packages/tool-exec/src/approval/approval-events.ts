import type { ToolCallApproval } from "./tool-call-approval";

// The approval events of the `ToolExecutionEvent` union (SPEC §10).

/** A call needs a human decision; comes right after the call's start event. */
export interface ToolApprovalRequestedEvent {
  readonly type: "tool_approval_requested";
  readonly toolCallId: string;
  readonly toolName: string;
  /** The arguments as the model wrote them. */
  readonly args: Readonly<Record<string, unknown>>;
  readonly approvalId: string;
  readonly reason?: string;
  readonly details?: unknown;
  readonly expiresAt?: string;
}

/** A request was resolved: by `decide`, a human's decision, expiry, or an abort. */
export interface ToolApprovalResolvedEvent extends ToolCallApproval {
  readonly type: "tool_approval_resolved";
  readonly toolCallId: string;
  readonly toolName: string;
}

/** The batch returned `suspended`: no call is executing, and these requests are pending. */
export interface ToolBatchSuspendedEvent {
  readonly type: "tool_batch_suspended";
  readonly batchId: string;
  /** The `revision` of the returned state. */
  readonly revision: number;
  /** Source order. */
  readonly pending: readonly { readonly toolCallId: string; readonly approvalId: string }[];
}
