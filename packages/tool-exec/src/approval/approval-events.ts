import type { ToolCallApproval } from "../model/tool-call-approval";

// The approval events of the `ToolExecutionEvent` union (SPEC §10).

/** A call needs a human decision; comes right after the call's start event. */
export interface ToolApprovalRequestedEvent {
  /** Always `"tool_approval_requested"`. */
  readonly type: "tool_approval_requested";
  /** The call's `ToolCall.id`. */
  readonly toolCallId: string;
  /** The called tool's name. */
  readonly toolName: string;
  /** The arguments as the model wrote them. */
  readonly args: Readonly<Record<string, unknown>>;
  /** The id a decision must name. */
  readonly approvalId: string;
  /** Why the call needs a decision, for the person deciding. */
  readonly reason?: string;
  /** What the tool's `needsApproval` attached for the person deciding. */
  readonly details?: unknown;
  /** When the request expires, as an ISO-8601 time; absent when it never does. */
  readonly expiresAt?: string;
}

/** A request was resolved: by `decide`, a human's decision, expiry, or an abort. */
export interface ToolApprovalResolvedEvent extends ToolCallApproval {
  /** Always `"tool_approval_resolved"`. */
  readonly type: "tool_approval_resolved";
  /** The call's `ToolCall.id`. */
  readonly toolCallId: string;
  /** The called tool's name. */
  readonly toolName: string;
}

/** The batch returned `suspended`: no call is executing, and these requests are pending. */
export interface ToolBatchSuspendedEvent {
  /** Always `"tool_batch_suspended"`. */
  readonly type: "tool_batch_suspended";
  /** The suspended batch's id. */
  readonly batchId: string;
  /** The `revision` of the returned state. */
  readonly revision: number;
  /** Source order. */
  readonly pending: readonly { readonly toolCallId: string; readonly approvalId: string }[];
}
