/**
 * Step 5a (SPEC §10) on a prepared call: whether it needs a human, and if so the request and the
 * in-process verdict. A batch emits the request's event and suspends for an awaiting call; a call
 * outside a batch (`runToolCall`, a nested call through `ToolRunnerSeam`) cannot suspend, so
 * `resolveUnbatchedApproval` turns "awaiting" into an error result.
 */
import type { Tool } from "@toolwright/tool-core";
import { nestedApprovalText } from "../approval/approval-texts";
import { evaluateToolApproval } from "../approval/evaluate-tool-approval";
import type { ToolApprovalStep } from "../approval/tool-approval-step";
import type { MaybePromise } from "../maybe-async";
import type { ToolApprovalRequest } from "../model/tool-approval-request";
import type { ToolCallApproval } from "../model/tool-call-approval";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import { failPreparedCall } from "./fail-prepared-call";
import type { EndedCall, PreparedCall } from "./prepared-call";
import type { ToolRun } from "./tool-run";

/** Where step 5a leaves a call that cannot suspend. */
export type UnbatchedApproval =
  | EndedCall
  /** Runs; its outcome carries `approval` when `decide` approved it. */
  | { readonly type: "run"; readonly approval: ToolCallApproval | undefined };

const RUN_WITHOUT_APPROVAL: UnbatchedApproval = Object.freeze({ type: "run", approval: undefined });

/**
 * Whether step 5a can ask for a human for a call of `tool`: a batch-level `needsApproval`, or the
 * tool's own. A tool whose `needsApproval` cannot be read counts (step 5a then fails it closed).
 * The common case — no `needsApproval` anywhere — is answered without building step 5a's input.
 */
export function mayNeedApproval(run: ToolRun, tool: Tool): boolean {
  if (run.approval.needsApproval !== undefined) return true;
  try {
    return tool.needsApproval !== undefined;
  } catch {
    return true;
  }
}

/**
 * Step 5a for `prepared` under the run's `approval` option. `onRequested` sees a request before
 * `decide` runs. Synchronous unless a callback returns a promise; never throws.
 */
export function approveToolCall(
  prepared: PreparedCall,
  run: ToolRun,
  onRequested: ((request: ToolApprovalRequest) => void | PromiseLike<void>) | undefined,
): MaybePromise<ToolApprovalStep> {
  return evaluateToolApproval(
    {
      batchId: run.batchId,
      tool: prepared.tool,
      toolCall: prepared.toolCall,
      args: prepared.args,
      context: run.context,
      signal: run.signalOrNever,
      approval: run.approval,
    },
    onRequested,
  );
}

/**
 * Step 5a's result for a call outside a batch: a verdict applies, and a call left awaiting ends as
 * `Tool <name> needs approval and cannot run as a nested call` (`approval_error`): it cannot
 * suspend its caller, and it must not run without a decision.
 */
export function resolveUnbatchedApproval(
  prepared: PreparedCall,
  step: ToolApprovalStep,
): UnbatchedApproval {
  switch (step.type) {
    case "not_needed":
      return RUN_WITHOUT_APPROVAL;
    case "approved":
      return { type: "run", approval: step.resolution };
    case "denied":
      return endWithApproval(prepared, step.errorType, step.text, step.resolution);
    case "failed":
      return { type: "ended", outcome: failPreparedCall(prepared, step.errorType, step.text) };
    default: {
      const text = nestedApprovalText(prepared.toolCall.name);
      return { type: "ended", outcome: failPreparedCall(prepared, "approval_error", text) };
    }
  }
}

/** Ends a prepared call that approval refused, recording how it was resolved. */
export function endWithApproval(
  prepared: PreparedCall,
  errorType: "approval_denied" | "approval_expired",
  text: string,
  approval: ToolCallApproval,
): EndedCall {
  return {
    type: "ended",
    outcome: withApproval(failPreparedCall(prepared, errorType, text), approval),
  };
}

/** `outcome` with how approval resolved its call. */
export function withApproval(
  outcome: ToolCallOutcome,
  approval: ToolCallApproval,
): ToolCallOutcome {
  return { ...outcome, approval };
}
