import type { JsonObject, JsonValue, ToolCall } from "@toolwright/tool-core";

/** A call that waits for a human decision: what a reviewer's UI shows. JSON throughout. */
export interface ToolApprovalRequest {
  /** `crypto.randomUUID()`, unique per request; decisions name it. */
  readonly approvalId: string;
  /** The batch the call belongs to. */
  readonly batchId: string;
  /** The call as the model wrote it. */
  readonly toolCall: ToolCall;
  /** The validated params the tool will receive (a copy). */
  readonly args: JsonObject;
  /** From `needsApproval`: why it asks; shown to the reviewer, never to the model. */
  readonly reason?: string;
  /** From `needsApproval`: any JSON for the reviewer's UI. */
  readonly details?: JsonValue;
  /** ISO-8601, from `approval.now()`. */
  readonly requestedAt: string;
  /** ISO-8601; absent when the request never expires. */
  readonly expiresAt?: string;
}
