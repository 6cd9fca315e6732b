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
import type { DroppedResultField } from "../approval/suspended-batch";
import type { ToolApprovalStep } from "../approval/tool-approval-step";
import { describeThrown } from "../describe-thrown";
import { DispatchedFailure, dispatchToolCall, isDispatched } from "../dispatch/dispatch-tool-call";
import type { ToolDispatchResult } from "../dispatch/tool-dispatcher";
import { isPromiseLike, type MaybePromise } from "../maybe-async";
import {
  approveToolCall,
  mayNeedApproval,
  resolveUnbatchedApproval,
  withApproval,
} from "./approve-tool-call";
import { createErrorResult } from "./error-result";
import { ABORTED_TEXT, journalErrorText, seamNotProvidedText, timeoutText } from "./executor-texts";
import { finishExecutedCall } from "./finish-executed-call";
import { linkAbort } from "./link-abort";
import { prepareToolCall } from "./prepare-tool-call";
import type { EndedCall, PreparedCall } from "./prepared-call";
import { raceTimeout } from "./race-timeout";
import { RunningToolContext, type UpdateFailure } from "./running-tool-context";
import { settleCallWithError } from "./settle-call";
import type { ToolCallErrorType } from "./tool-call-error-type";
import type { ToolCallOutcome } from "./tool-call-outcome";
import { normalizeTimeout, type ToolRun } from "./tool-run";
import { ToolRunnerSeam } from "./tool-runner-seam";
import { runInSpan } from "./trace-tool-call";

/**
 * Steps 6–7 of a prepared call; see the file header. `attempt` is what the tool's context says
 * (more than 1 only when a journal runs a `replay: "safe"` call again).
 */
export function executePreparedCall(
  prepared: PreparedCall,
  run: ToolRun,
  attempt = 1,
  beforeExecute?: BeforeExecute,
  adopted?: ToolDispatchResult,
): Promise<ToolCallOutcome> {
  const { toolCall, tool, span } = prepared;
  if (run.signal?.aborted === true) {
    return Promise.resolve(settleCallWithError(toolCall, span, "aborted", ABORTED_TEXT));
  }
  // A dispatched call uses the worker's seams; the worker checks them (SPEC §12).
  const missingSeam = isDispatched(run.dispatcher, tool)
    ? undefined
    : findMissingSeam(tool.seams, run);
  if (missingSeam !== undefined) {
    const text = seamNotProvidedText(missingSeam.name);
    return Promise.resolve(settleCallWithError(toolCall, span, "seam_not_provided", text));
  }
  if (beforeExecute === undefined) return executeNow(prepared, run, attempt, adopted);
  return beforeExecute().then(
    () => executeNow(prepared, run, attempt, adopted),
    (error: unknown) =>
      settleCallWithError(toolCall, span, "journal_error", journalErrorText(error)),
  );
}

/**
 * Runs right before `execute`, after every check that could stop the call (the journal's
 * `started` record, SPEC §11). **Contract:** a rejection ends the call without executing it, as a
 * `journal_error` result; must not throw synchronously.
 */
export type BeforeExecute = () => Promise<void>;

function executeNow(
  prepared: PreparedCall,
  run: ToolRun,
  attempt: number,
  adopted: ToolDispatchResult | undefined,
): Promise<ToolCallOutcome> {
  const timeoutMs = normalizeTimeout(prepared.tool.timeoutMs) ?? run.timeoutMs;
  if (timeoutMs === undefined) return executeWithoutLimit(prepared, run, attempt, adopted);
  return executeWithLimit(prepared, run, timeoutMs, attempt, adopted);
}

/**
 * The whole pipeline of one call outside a batch (`runToolCall`, a nested call): `prepareToolCall`,
 * step 5a without a batch to suspend (`resolveUnbatchedApproval`), then `executePreparedCall` if
 * the call may run.
 */
export function runCallPipeline(toolCall: ToolCall, run: ToolRun): Promise<ToolCallOutcome> {
  const prepared = prepareToolCall(toolCall, run);
  if (prepared instanceof Promise) return prepared.then(continueCall);
  return continueCall(prepared);

  function continueCall(call: PreparedCall | EndedCall): Promise<ToolCallOutcome> {
    if (call.type === "ended") return Promise.resolve(call.outcome);
    if (!mayNeedApproval(run, call.tool)) return executePreparedCall(call, run);
    const step = approveToolCall(call, run, undefined);
    if (step instanceof Promise) return step.then((settled) => runApproved(call, settled));
    return runApproved(call, step);
  }

  function runApproved(call: PreparedCall, step: ToolApprovalStep): Promise<ToolCallOutcome> {
    const resolved = resolveUnbatchedApproval(call, step);
    if (resolved.type === "ended") return Promise.resolve(resolved.outcome);
    const executing = executePreparedCall(call, run);
    const approval = resolved.approval;
    if (approval === undefined) return executing;
    return executing.then((outcome) => withApproval(outcome, approval));
  }
}

/** What a dispatched call's worker said about its result besides the value (SPEC §12). */
interface Received {
  /** The result fields the worker sent as `null` because they were not JSON. */
  dropped?: readonly DroppedResultField[];
}

/** How `execute` ended when it did not return a value. */
type Failure =
  | { readonly kind: "threw"; readonly error: unknown }
  | { readonly kind: "timed_out"; readonly settled: boolean; readonly timeoutMs: number };

// The common path — no time limit — is written without an async function: a batch keeps every
// started call's state alive until its tool settles, and a suspended async frame (registers,
// generator, await reactions) is several times larger than one closure context.
function executeWithoutLimit(
  prepared: PreparedCall,
  run: ToolRun,
  attempt: number,
  adopted: ToolDispatchResult | undefined,
): Promise<ToolCallOutcome> {
  const context = new RunningToolContext(
    prepared.toolCall,
    run,
    run.signalOrNever,
    runCallPipeline,
    attempt,
  );
  const received: Received = {};
  const start = performance.now();
  let pending: unknown;
  try {
    pending = invokeTool(prepared, context, run, received, undefined, adopted);
  } catch (error) {
    return Promise.resolve(
      finishCall(prepared, run, context, received, start, undefined, { kind: "threw", error }),
    );
  }
  if (!isPromiseLike(pending)) {
    return Promise.resolve(finishCall(prepared, run, context, received, start, pending, undefined));
  }
  return Promise.resolve(pending).then(
    (value) => finishCall(prepared, run, context, received, start, value, undefined),
    (error: unknown) =>
      finishCall(prepared, run, context, received, start, undefined, { kind: "threw", error }),
  );
}

async function executeWithLimit(
  prepared: PreparedCall,
  run: ToolRun,
  timeoutMs: number,
  attempt: number,
  adopted: ToolDispatchResult | undefined,
): Promise<ToolCallOutcome> {
  const controller = new AbortController();
  const unlink = linkAbort(run.signal, controller);
  const context = new RunningToolContext(
    prepared.toolCall,
    run,
    controller.signal,
    runCallPipeline,
    attempt,
  );
  const received: Received = {};
  const start = performance.now();
  let value: unknown;
  let failure: Failure | undefined;
  try {
    const pending = invokeTool(prepared, context, run, received, timeoutMs, adopted);
    if (isPromiseLike(pending)) {
      const text = timeoutText(prepared.toolCall.name, timeoutMs, false);
      const raced = await raceTimeout(pending, timeoutMs, run.timeoutGraceMs, controller, text);
      if ("value" in raced) value = raced.value;
      else failure = { kind: "timed_out", settled: raced.settled, timeoutMs };
    } else {
      // A synchronous result cannot be late; no timer is started for it.
      value = pending;
    }
  } catch (error) {
    failure = { kind: "threw", error };
  }
  unlink?.();
  return finishCall(prepared, run, context, received, start, value, failure);
}

/** Step 6: the tool's `execute`, or the run's dispatcher when it handles the tool (SPEC §12). */
function invokeTool(
  prepared: PreparedCall,
  context: RunningToolContext,
  run: ToolRun,
  received: Received,
  timeoutMs: number | undefined,
  adopted: ToolDispatchResult | undefined,
): unknown {
  const { tool, args, span } = prepared;
  const { dispatcher } = run;
  if (dispatcher !== undefined && isDispatched(dispatcher, tool)) {
    const dispatch = () =>
      dispatchToolCall(dispatcher, prepared, context, run, timeoutMs, adopted, (dropped) => {
        received.dropped = dropped;
      });
    return span === undefined ? dispatch() : runInSpan(span, dispatch);
  }
  return span === undefined
    ? tool.execute(args, context)
    : runInSpan(span, () => tool.execute(args, context));
}

/** After `execute` settled: stop updates, wait for their listeners, then step 7 and the outcome. */
function finishCall(
  prepared: PreparedCall,
  run: ToolRun,
  context: RunningToolContext,
  received: Received,
  start: number,
  value: unknown,
  failure: Failure | undefined,
): MaybePromise<ToolCallOutcome> {
  const durationMs = Math.round(performance.now() - start);
  const updates = context.close();
  if (updates instanceof Promise) {
    return updates.then((updateFailure) =>
      completeCall(prepared, run, value, failure, updateFailure, durationMs, received),
    );
  }
  return completeCall(prepared, run, value, failure, updates, durationMs, received);
}

function completeCall(
  prepared: PreparedCall,
  run: ToolRun,
  value: unknown,
  failure: Failure | undefined,
  updateFailure: UpdateFailure | undefined,
  durationMs: number,
  received: Received,
): MaybePromise<ToolCallOutcome> {
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
  return finishExecutedCall(run, prepared, value, failed, errorType, durationMs, received.dropped);
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
