/**
 * How approval resolved a call: the `approval` field of its `ToolCallOutcome`, and the payload of
 * its `tool_approval_resolved` event. `abort` means the run aborted while the call was awaiting.
 */
export interface ToolCallApproval {
  /** The id of the request this resolves. */
  readonly approvalId: string;
  /**
   * `approve` or `deny` by a person or a policy, `expire` when the request timed out, `abort` when
   * the run was aborted while the call waited.
   */
  readonly decision: "approve" | "deny" | "expire" | "abort";
  /** Who decided (from the decision or verdict). */
  readonly by?: string;
  /** A denial's message. */
  readonly message?: string;
}
