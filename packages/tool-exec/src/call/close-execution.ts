import type { ToolResult } from "@toolwright/tool-core";
import { describeThrown } from "../describe-thrown";
import type { ToolCallErrorType } from "../model/tool-call-error-type";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import type { CallFrame } from "./call-frame";
import { DispatchedFailure } from "./dispatch-tool-call";
import { createErrorResult } from "./error-result";
import { timeoutText } from "./executor-texts";
import { runAfterToolCall } from "./run-after-tool-call";
import type { RunningToolContext, UpdateFailure } from "./running-tool-context";

/** How `execute` ended when it did not return a value. */
export type Failure =
  | { readonly kind: "threw"; readonly error: unknown }
  | { readonly kind: "timed_out"; readonly settled: boolean; readonly timeoutMs: number };

/**
 * The end of step 6, once `execute` settled: stop updates, wait for their listeners, then step 7.
 * Returns the outcome, or `undefined` when a listener or the hook is asynchronous: the frame's
 * caller then receives it.
 */
export function closeExecution(
  frame: CallFrame,
  value: unknown,
  failure: Failure | undefined,
): ToolCallOutcome | undefined {
  frame.timing = Math.round(performance.now() - frame.timing);
  const updates = (frame.context as RunningToolContext).close();
  if (updates instanceof Promise) {
    updates.then((updateFailure) => {
      const now = completeCall(frame, value, failure, updateFailure);
      if (now !== undefined) frame.deliver(now);
    });
    return undefined;
  }
  return completeCall(frame, value, failure, updates);
}

function completeCall(
  frame: CallFrame,
  value: unknown,
  failure: Failure | undefined,
  updateFailure: UpdateFailure | undefined,
): ToolCallOutcome | undefined {
  let failed: ToolResult | undefined;
  let errorType: ToolCallErrorType | undefined;
  if (failure?.kind === "timed_out") {
    const name = frame.toolCall.name;
    failed = createErrorResult(timeoutText(name, failure.timeoutMs, failure.settled));
    errorType = "timeout";
  } else if (failure?.kind === "threw" && failure.error instanceof DispatchedFailure) {
    failed = createErrorResult(failure.error.text);
    errorType = failure.error.errorType;
  } else if (failure?.kind === "threw") {
    failed = createErrorResult(describeThrown(failure.error));
    errorType = "tool_error";
  } else if (updateFailure !== undefined) {
    failed = createErrorResult(describeThrown(updateFailure.error));
    errorType = "update_listener_error";
  }
  return runAfterToolCall(frame, value, failed, errorType);
}
