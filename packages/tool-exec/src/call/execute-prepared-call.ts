/**
 * Steps 6–7 of SPEC §3.1 for a prepared call, as a function that returns the outcome:
 *
 *   abort? → seams → 6 execute (monotonic timer, time limit) → update listeners settled
 *          → result read once and checked → 7 afterToolCall → render
 *
 * Never rejects: everything the tool, a listener or a hook does ends as an outcome. A call whose
 * run aborted while it waited (for a concurrency slot, a lock) ends as `Operation aborted`
 * without executing.
 */
import type { Seam, ToolCall, ToolResult } from "@toolwright/tool-core";
import { describeThrown } from "../describe-thrown";
import { isPromiseLike, type MaybePromise, thenMaybe } from "../maybe-async";
import { createErrorResult } from "./error-result";
import { ABORTED_TEXT, seamNotProvidedText, timeoutText } from "./executor-texts";
import { finishExecutedCall } from "./finish-executed-call";
import { linkAbort } from "./link-abort";
import { prepareToolCall } from "./prepare-tool-call";
import type { EndedCall, PreparedCall } from "./prepared-call";
import { raceTimeout } from "./race-timeout";
import { RunningToolContext, type UpdateFailure } from "./running-tool-context";
import { settleCall, settleCallWithError } from "./settle-call";
import type { ToolCallErrorType } from "./tool-call-error-type";
import type { ToolCallOutcome } from "./tool-call-outcome";
import { normalizeTimeout, type ToolRun } from "./tool-run";
import { ToolRunnerSeam } from "./tool-runner-seam";
import { runInSpan } from "./trace-tool-call";

/** Steps 6–7 of a prepared call; see the file header. */
export function executePreparedCall(
  prepared: PreparedCall,
  run: ToolRun,
): Promise<ToolCallOutcome> {
  const { toolCall, tool, span } = prepared;
  if (run.signal?.aborted === true) {
    return Promise.resolve(settleCallWithError(toolCall, span, "aborted", ABORTED_TEXT));
  }
  const missingSeam = findMissingSeam(tool.seams, run);
  if (missingSeam !== undefined) {
    const text = seamNotProvidedText(missingSeam.name);
    return Promise.resolve(settleCallWithError(toolCall, span, "seam_not_provided", text));
  }
  const timeoutMs = normalizeTimeout(tool.timeoutMs) ?? run.timeoutMs;
  if (timeoutMs === undefined) return executeWithoutLimit(prepared, run);
  return executeWithLimit(prepared, run, timeoutMs);
}

/** The whole pipeline of one call: `prepareToolCall`, then `executePreparedCall` if it may run. */
export function runCallPipeline(toolCall: ToolCall, run: ToolRun): Promise<ToolCallOutcome> {
  const prepared = prepareToolCall(toolCall, run);
  if (prepared instanceof Promise) return prepared.then(continueCall);
  return continueCall(prepared);

  function continueCall(call: PreparedCall | EndedCall): Promise<ToolCallOutcome> {
    return call.type === "ended" ? Promise.resolve(call.outcome) : executePreparedCall(call, run);
  }
}

/** How `execute` ended, before its value is read: a value, a throw or a timeout. */
type Execution =
  | { readonly value: unknown; readonly error?: undefined; readonly timedOut?: undefined }
  | { readonly error: unknown; readonly timedOut?: undefined }
  | { readonly timedOut: { readonly settled: boolean } };

async function executeWithoutLimit(prepared: PreparedCall, run: ToolRun): Promise<ToolCallOutcome> {
  const context = new RunningToolContext(
    prepared.toolCall,
    run,
    run.signalOrNever,
    runCallPipeline,
  );
  const start = performance.now();
  let value: unknown;
  try {
    const pending = invokeTool(prepared, context);
    value = isPromiseLike(pending) ? await pending : pending;
  } catch (error) {
    return finishCall(prepared, run, context, start, { error }, undefined);
  }
  return finishCall(prepared, run, context, start, { value }, undefined);
}

async function executeWithLimit(
  prepared: PreparedCall,
  run: ToolRun,
  timeoutMs: number,
): Promise<ToolCallOutcome> {
  const controller = new AbortController();
  const unlink = linkAbort(run.signal, controller);
  const context = new RunningToolContext(
    prepared.toolCall,
    run,
    controller.signal,
    runCallPipeline,
  );
  const start = performance.now();
  let execution: Execution;
  try {
    const pending = invokeTool(prepared, context);
    if (isPromiseLike(pending)) {
      const text = timeoutText(prepared.toolCall.name, timeoutMs, false);
      const raced = await raceTimeout(pending, timeoutMs, run.timeoutGraceMs, controller, text);
      execution = "value" in raced ? { value: raced.value } : { timedOut: raced };
    } else {
      // A synchronous result cannot be late; no timer is started for it.
      execution = { value: pending };
    }
  } catch (error) {
    execution = { error };
  }
  unlink?.();
  return finishCall(prepared, run, context, start, execution, timeoutMs);
}

function invokeTool(prepared: PreparedCall, context: RunningToolContext): unknown {
  const { tool, args, span } = prepared;
  return span === undefined
    ? tool.execute(args, context)
    : runInSpan(span, () => tool.execute(args, context));
}

function finishCall(
  prepared: PreparedCall,
  run: ToolRun,
  context: RunningToolContext,
  start: number,
  execution: Execution,
  timeoutMs: number | undefined,
): MaybePromise<ToolCallOutcome> {
  const durationMs = Math.round(performance.now() - start);
  return thenMaybe(context.close(), (updateFailure) => {
    let failed: ToolResult | undefined;
    let errorType: ToolCallErrorType | undefined;
    if (execution.timedOut !== undefined) {
      const text = timeoutText(
        prepared.toolCall.name,
        timeoutMs as number,
        execution.timedOut.settled,
      );
      failed = createErrorResult(text);
      errorType = "timeout";
    } else if ("error" in execution) {
      failed = createErrorResult(describeThrown(execution.error));
      errorType = "tool_error";
    } else if (updateFailure !== undefined) {
      failed = createErrorResult(describeThrown((updateFailure as UpdateFailure).error));
      errorType = "update_listener_error";
    }
    const value = "value" in execution ? execution.value : undefined;
    return thenMaybe(finishExecutedCall(run, prepared, value, failed, errorType), (finished) =>
      settleCall(prepared.toolCall, prepared.span, finished.result, finished.errorType, durationMs),
    );
  });
}

function findMissingSeam(
  declared: readonly Seam<unknown>[] | undefined,
  run: ToolRun,
): Seam<unknown> | undefined {
  if (declared === undefined) return undefined;
  for (const seam of declared) {
    if (seam === (ToolRunnerSeam as Seam<unknown>)) continue;
    if (run.seams?.has(seam) !== true) return seam;
  }
  return undefined;
}
