import type { Tool, ToolCall } from "@toolwright/tool-core";
import type { ToolApprovalRequest } from "../model/tool-approval-request";
import type { ToolCallApproval } from "../model/tool-call-approval";
import type { ResolvedApprovalOptions } from "./resolve-approval-options";

/** One call at step 5a: a call that passed steps 1–5. */
export interface ToolApprovalInput {
  readonly batchId: string;
  readonly tool: Tool;
  readonly toolCall: ToolCall;
  /** The validated, coerced params. */
  readonly args: Readonly<Record<string, unknown>>;
  /** The run's `context` option. */
  readonly context: unknown;
  readonly signal: AbortSignal;
  readonly approval: ResolvedApprovalOptions;
}

/** The call ends as an error result: a callback failed. */
export interface ToolApprovalFailure {
  readonly type: "failed";
  readonly errorType: "approval_error";
  readonly text: string;
  /** Present when the request was made (and announced) before `decide` failed. */
  readonly request?: ToolApprovalRequest;
}

/** Where step 5a leaves a call. */
export type ToolApprovalStep =
  /** Runs without asking. */
  | { readonly type: "not_needed" }
  /** `decide` approved it: runs now; its outcome carries `resolution`. */
  | {
      readonly type: "approved";
      readonly request: ToolApprovalRequest;
      readonly resolution: ToolCallApproval;
    }
  /** `decide` denied it: ends with `text`. */
  | {
      readonly type: "denied";
      readonly request: ToolApprovalRequest;
      readonly resolution: ToolCallApproval;
      readonly errorType: "approval_denied";
      readonly text: string;
    }
  /** Waits for a human: the batch will suspend. */
  | { readonly type: "awaiting"; readonly request: ToolApprovalRequest }
  | ToolApprovalFailure;

/** Step 5a's first half: whether the call needs approval, and its request if it does. */
export type ToolApprovalCheckResult =
  | { readonly type: "not_needed" }
  | { readonly type: "needed"; readonly request: ToolApprovalRequest }
  | ToolApprovalFailure;
