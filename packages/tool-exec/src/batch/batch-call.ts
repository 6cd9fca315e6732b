import type { ToolCall } from "@toolwright/tool-core";
import type { ToolDispatchResult } from "../dispatch/tool-dispatcher";
import type { ToolApprovalRequest } from "../model/tool-approval-request";
import type { ToolCallApproval } from "../model/tool-call-approval";

/**
 * A `replay: "safe"` call a journal's recovery runs again after a crash: a start event
 * with `attempt`, steps 1–5 again, then `execute` with the same `idempotencyKey`.
 */
export interface ReplayedBatchCall {
  readonly type: "replayed";
  readonly toolCall: ToolCall;
  /** The `started` records so far + 1. */
  readonly attempt: number;
  /** How approval resolved the call before the crash, if it needed one. */
  readonly approval: ToolCallApproval | undefined;
  /** What the dispatcher's `lookup` found for a dispatched call; absent: run it again. */
  readonly remote?: RemoteRecovery;
}

/**
 * A dispatched call recovery does not run again: `adopt` uses the remote result as the call's
 * (`recovery: "adopted_remote"`); `await` calls `dispatcher.execute` with the same key, which
 * awaits the job still running. Neither writes a new `started` record.
 */
export type RemoteRecovery =
  | { readonly kind: "adopt"; readonly result: ToolDispatchResult }
  | { readonly kind: "await" };

/**
 * A call a human approved on resume: `tool_approval_resolved`, a start event with `resumed: true`,
 * steps 1–5 again with the tools and hooks given now (no step 5a), then `execute`.
 */
export interface ApprovedBatchCall {
  readonly type: "approved";
  readonly toolCall: ToolCall;
  readonly request: ToolApprovalRequest;
  readonly resolution: ToolCallApproval;
}

/** A call waiting for a human decision; its lock keys keep later overlapping calls deferred. */
export interface AwaitingBatchCall {
  readonly type: "awaiting";
  readonly toolCall: ToolCall;
  readonly request: ToolApprovalRequest;
  readonly lockKeys: readonly string[] | undefined;
}

/**
 * A call waiting behind an awaiting one (overlapping lock keys, or a later call of a sequential
 * batch). On resume it goes through the whole preflight, step 5a included.
 */
export interface DeferredBatchCall {
  readonly type: "deferred";
  readonly toolCall: ToolCall;
}

/**
 * A call of a batch that has no outcome yet: a `ToolCall` not started in this run, or one of the
 * states above. A batch runner turns each into an outcome or leaves it awaiting or deferred.
 */
export type UnsettledBatchCall =
  | ToolCall
  | ApprovedBatchCall
  | ReplayedBatchCall
  | AwaitingBatchCall
  | DeferredBatchCall;

/** The call as the model wrote it. */
export function toolCallOf(call: UnsettledBatchCall): ToolCall {
  return call.type === "toolCall" ? call : call.toolCall;
}
