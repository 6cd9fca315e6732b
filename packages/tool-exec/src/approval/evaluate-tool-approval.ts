/**
 * Step 5a of one call (SPEC §10), after `beforeToolCall` and the abort check:
 *   1. `approval.needsApproval` if given, else the tool's own `needsApproval`;
 *   2. if approval is needed, a request (id, times, a copy of the params) and, when the run gives
 *      `approval.decide`, its verdict;
 *   3. without a verdict, the call is awaiting approval.
 * Everything fails closed: a throw, a rejection or an unusable value ends the call as an error
 * result (`approval_error`), never runs it. Synchronous unless a callback returns a promise, so a
 * batch without approval pays one property read per call.
 */
import { describeThrown } from "../describe-thrown";
import { isPromiseLike } from "../maybe-async";
import type { ToolApprovalRequest } from "../model/tool-approval-request";
import { checkToolApproval } from "./check-tool-approval";
import { decideToolApproval } from "./decide-tool-approval";
import type {
  ToolApprovalCheckResult,
  ToolApprovalFailure,
  ToolApprovalInput,
  ToolApprovalStep,
} from "./tool-approval-step";

/**
 * Step 5a for one call. `onRequested` runs once a request exists and before `decide` (the batch
 * emits `tool_approval_requested` there, so a UI sees the request while `decide` waits); if it
 * throws or rejects, the call fails with the thrown message, as for any event listener. Returns a
 * promise only when a callback did.
 */
export function evaluateToolApproval(
  input: ToolApprovalInput,
  onRequested?: (request: ToolApprovalRequest) => void | PromiseLike<void>,
): ToolApprovalStep | Promise<ToolApprovalStep> {
  const checked = checkToolApproval(input);
  // checkToolApproval returns a native promise when it is async; the common case returns here.
  if (checked instanceof Promise) {
    return checked.then((check) => continueAfterCheck(input, check, onRequested));
  }
  if (checked.type === "not_needed") return checked;
  return continueAfterCheck(input, checked, onRequested);
}

function continueAfterCheck(
  input: ToolApprovalInput,
  check: ToolApprovalCheckResult,
  onRequested: ((request: ToolApprovalRequest) => void | PromiseLike<void>) | undefined,
): ToolApprovalStep | Promise<ToolApprovalStep> {
  if (check.type !== "needed") return check;
  const { request } = check;
  let announced: unknown;
  try {
    announced = onRequested?.(request);
  } catch (error) {
    return announceFailed(request, error);
  }
  if (isPromiseLike(announced)) {
    return Promise.resolve(announced).then(
      () => decideToolApproval(request, input.approval, input.signal),
      (error: unknown) => announceFailed(request, error),
    );
  }
  return decideToolApproval(request, input.approval, input.signal);
}

/** An event listener failed on the request: like any listener failure, the call ends with its message. */
function announceFailed(request: ToolApprovalRequest, error: unknown): ToolApprovalFailure {
  return { type: "failed", errorType: "approval_error", text: describeThrown(error), request };
}
