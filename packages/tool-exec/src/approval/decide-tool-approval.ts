import { describeThrown } from "../describe-thrown";
import { isPromiseLike } from "../maybe-async";
import type { ToolApprovalRequest } from "../model/tool-approval-request";
import { approvalDeniedText, approvalFailedText } from "./approval-texts";
import type { ResolvedApprovalOptions } from "./resolve-approval-options";
import type { ToolApprovalFailure, ToolApprovalStep } from "./tool-approval-step";

/**
 * Step 5a's second half: `approval.decide` on a request, or awaiting when the run has none. A
 * verdict approves or denies at once; `undefined` (or `null`) leaves the call awaiting. Fails
 * closed on a throw, a rejection or a value that is not a verdict.
 */
export function decideToolApproval(
  request: ToolApprovalRequest,
  approval: ResolvedApprovalOptions,
  signal: AbortSignal,
): ToolApprovalStep | Promise<ToolApprovalStep> {
  const { decide } = approval;
  if (decide === undefined) return { type: "awaiting", request };
  let verdict: unknown;
  try {
    verdict = decide(request, signal);
  } catch (error) {
    return decideFailed(request, describeThrown(error));
  }
  if (isPromiseLike(verdict)) {
    return Promise.resolve(verdict).then(
      (value) => applyVerdict(request, value),
      (error: unknown) => decideFailed(request, describeThrown(error)),
    );
  }
  return applyVerdict(request, verdict);
}

function applyVerdict(request: ToolApprovalRequest, verdict: unknown): ToolApprovalStep {
  if (verdict === undefined || verdict === null) return { type: "awaiting", request };
  let decision: unknown;
  let message: unknown;
  let by: unknown;
  try {
    if (typeof verdict !== "object") throw new TypeError("not an object");
    ({ decision, message, by } = verdict as Record<string, unknown>);
  } catch (error) {
    return decideFailed(request, `decide returned an unreadable verdict: ${describeThrown(error)}`);
  }
  if (by !== undefined && typeof by !== "string") {
    return decideFailed(request, "the verdict's by must be a string");
  }
  const byField = by === undefined ? {} : { by: by as string };
  const { approvalId } = request;
  if (decision === "approve") {
    return {
      type: "approved",
      request,
      resolution: { approvalId, decision: "approve", ...byField },
    };
  }
  if (decision !== "deny") {
    return decideFailed(request, 'the verdict\'s decision must be "approve" or "deny"');
  }
  if (message !== undefined && typeof message !== "string") {
    return decideFailed(request, "the verdict's message must be a string");
  }
  const messageField = message === undefined ? {} : { message: message as string };
  return {
    type: "denied",
    request,
    resolution: { approvalId, decision: "deny", ...byField, ...messageField },
    errorType: "approval_denied",
    text: approvalDeniedText(request.toolCall.name, message as string | undefined),
  };
}

function decideFailed(request: ToolApprovalRequest, message: string): ToolApprovalFailure {
  return {
    type: "failed",
    errorType: "approval_error",
    text: approvalFailedText(request.toolCall.name, message),
    request,
  };
}
