import type { ToolResult } from "@toolwright/tool-core";
import { describeThrown } from "../describe-thrown";
import type { ToolCallErrorType } from "../model/tool-call-error-type";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import { DispatchedFailure } from "./dispatch-tool-call";
import { createErrorResult } from "./error-result";
import { timeoutText } from "./executor-texts";
import { finishExecutedCall, type PatchWaiter } from "./finish-executed-call";
import type { Received } from "./invoke-tool";
import type { OutcomeCallback } from "./outcome-callback";
import type { PreparedCall } from "./prepared-call";
import type { RunningToolContext, UpdateFailure } from "./running-tool-context";
import type { ToolRun } from "./tool-run";

/** How `execute` ended when it did not return a value. */
export type Failure =
  | { readonly kind: "threw"; readonly error: unknown }
  | { readonly kind: "timed_out"; readonly settled: boolean; readonly timeoutMs: number };

/**
 * After `execute` settled: stop updates, wait for their listeners, then step 7. Returns the outcome,
 * or `undefined` when a listener or the hook is asynchronous: `done` then receives it.
 */
export function finishCall<TToken>(
  prepared: PreparedCall,
  run: ToolRun,
  context: RunningToolContext,
  received: Received | undefined,
  start: number,
  value: unknown,
  failure: Failure | undefined,
  done: OutcomeCallback<TToken>,
  token: TToken,
  waiter?: PatchWaiter,
): ToolCallOutcome | undefined {
  const durationMs = Math.round(performance.now() - start);
  const updates = context.close();
  if (updates instanceof Promise) {
    updates.then((updateFailure) => {
      const now = completeCall(
        prepared,
        run,
        value,
        failure,
        updateFailure,
        durationMs,
        received,
        done,
        token,
        waiter,
      );
      if (now !== undefined) done(token, now);
    });
    return undefined;
  }
  return completeCall(
    prepared,
    run,
    value,
    failure,
    updates,
    durationMs,
    received,
    done,
    token,
    waiter,
  );
}

function completeCall<TToken>(
  prepared: PreparedCall,
  run: ToolRun,
  value: unknown,
  failure: Failure | undefined,
  updateFailure: UpdateFailure | undefined,
  durationMs: number,
  received: Received | undefined,
  done: OutcomeCallback<TToken>,
  token: TToken,
  waiter: PatchWaiter | undefined,
): ToolCallOutcome | undefined {
  let failed: ToolResult | undefined;
  let errorType: ToolCallErrorType | undefined;
  if (failure?.kind === "timed_out") {
    failed = createErrorResult(
      timeoutText(prepared.toolCall.name, failure.timeoutMs, failure.settled),
    );
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
  const dropped = received?.dropped;
  return finishExecutedCall(
    run,
    prepared,
    value,
    failed,
    errorType,
    durationMs,
    dropped,
    done,
    token,
    waiter,
  );
}
