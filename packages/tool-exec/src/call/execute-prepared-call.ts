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
import type { Seam, ToolCall } from "@toolwright/tool-core";
import type { ToolApprovalStep } from "../approval/tool-approval-step";
import type { ToolDispatchResult } from "../dispatch/tool-dispatcher";
import { isPromiseLike } from "../maybe-async";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import {
  approveToolCall,
  mayNeedApproval,
  resolveUnbatchedApproval,
  withApproval,
} from "./approve-tool-call";
import { isDispatched } from "./dispatch-tool-call";
import { ExecutingCall } from "./executing-call";
import { ABORTED_TEXT, journalErrorText, seamNotProvidedText, timeoutText } from "./executor-texts";
import { type Failure, finishCall } from "./finish-call";
import { invokeTool, type Received } from "./invoke-tool";
import { linkAbort } from "./link-abort";
import { type OutcomeCallback, resolveWithOutcome } from "./outcome-callback";
import { prepareToolCall } from "./prepare-tool-call";
import type { EndedCall, PreparedCall } from "./prepared-call";
import { raceTimeout } from "./race-timeout";
import { RunningToolContext } from "./running-tool-context";
import { settleCallWithError } from "./settle-call";
import { normalizeTimeout, type ToolRun } from "./tool-run";
import { ToolRunnerSeam } from "./tool-runner-seam";

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
  return new Promise((resolve) => {
    const now = startPreparedCall(
      prepared,
      run,
      attempt,
      beforeExecute,
      adopted,
      resolveWithOutcome,
      resolve,
    );
    if (now !== undefined) resolve(now);
  });
}

/**
 * {@link executePreparedCall} without a promise of its own, for a batch that starts thousands of
 * calls at once: returns the outcome when the call ended synchronously, else `undefined`, and
 * `done(token, outcome)` follows once it ends. Each asynchronous step hands its outcome straight to
 * `done` instead of resolving a promise that the next one adopts, so a call keeps one promise
 * reaction alive while its tool runs, not three. `held`: the caller holds many started calls at
 * once (a batch); a call whose tool answers asynchronously then waits through an `ExecutingCall`,
 * which keeps less alive per call than closures do but costs a little more CPU to make and run
 * (about 8 % of a whole call measured one call at a time), so a call on its own uses closures.
 */
export function startPreparedCall<TToken>(
  prepared: PreparedCall,
  run: ToolRun,
  attempt: number,
  beforeExecute: BeforeExecute | undefined,
  adopted: ToolDispatchResult | undefined,
  done: OutcomeCallback<TToken>,
  token: TToken,
  held = false,
): ToolCallOutcome | undefined {
  const { toolCall, tool, span } = prepared;
  if (run.signal?.aborted === true) {
    return settleCallWithError(toolCall, span, "aborted", ABORTED_TEXT);
  }
  // A dispatched call uses the worker's seams; the worker checks them (SPEC §12).
  const missingSeam = isDispatched(run.dispatcher, tool)
    ? undefined
    : findMissingSeam(tool.seams, run);
  if (missingSeam !== undefined) {
    const text = seamNotProvidedText(missingSeam.name);
    return settleCallWithError(toolCall, span, "seam_not_provided", text);
  }
  if (beforeExecute === undefined) {
    return executeNow(prepared, run, attempt, adopted, done, token, held);
  }
  beforeExecute().then(
    () => {
      const now = executeNow(prepared, run, attempt, adopted, done, token, held);
      if (now !== undefined) done(token, now);
    },
    (error: unknown) =>
      done(token, settleCallWithError(toolCall, span, "journal_error", journalErrorText(error))),
  );
  return undefined;
}

/**
 * Runs right before `execute`, after every check that could stop the call (the journal's
 * `started` record, SPEC §11). **Contract:** a rejection ends the call without executing it, as a
 * `journal_error` result; must not throw synchronously.
 */
export type BeforeExecute = () => Promise<void>;

function executeNow<TToken>(
  prepared: PreparedCall,
  run: ToolRun,
  attempt: number,
  adopted: ToolDispatchResult | undefined,
  done: OutcomeCallback<TToken>,
  token: TToken,
  held: boolean,
): ToolCallOutcome | undefined {
  const timeoutMs = normalizeTimeout(prepared.tool.timeoutMs) ?? run.timeoutMs;
  if (timeoutMs === undefined) {
    return executeWithoutLimit(prepared, run, attempt, adopted, done, token, held);
  }
  executeWithLimit(prepared, run, timeoutMs, attempt, adopted).then((outcome) =>
    done(token, outcome),
  );
  return undefined;
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

// The common path — no time limit — is written without an async function: a batch keeps every
// started call's state alive until its tool settles, and a suspended async frame (registers,
// generator, await reactions) is several times larger than one closure context.
function executeWithoutLimit<TToken>(
  prepared: PreparedCall,
  run: ToolRun,
  attempt: number,
  adopted: ToolDispatchResult | undefined,
  done: OutcomeCallback<TToken>,
  token: TToken,
  held: boolean,
): ToolCallOutcome | undefined {
  const context = new RunningToolContext(
    prepared.toolCall,
    run,
    run.signalOrNever,
    runCallPipeline,
    attempt,
  );
  // Only a dispatched call can have something to report besides its value.
  const received: Received | undefined = run.dispatcher === undefined ? undefined : {};
  const start = performance.now();
  let pending: unknown;
  try {
    pending = invokeTool(prepared, context, run, received, undefined, adopted);
  } catch (error) {
    const failure: Failure = { kind: "threw", error };
    return finishCall(prepared, run, context, received, start, undefined, failure, done, token);
  }
  if (!isPromiseLike(pending)) {
    return finishCall(prepared, run, context, received, start, pending, undefined, done, token);
  }
  if (held) {
    new ExecutingCall(prepared, run, context, received, start, done, token).wait(pending);
    return undefined;
  }
  // One call on its own: closures over the values are cheaper to make and to run than the
  // `ExecutingCall` a batch uses to keep less per call alive.
  Promise.resolve(pending).then(
    (value) => {
      const now = finishCall(
        prepared,
        run,
        context,
        received,
        start,
        value,
        undefined,
        done,
        token,
      );
      if (now !== undefined) done(token, now);
    },
    (error: unknown) => {
      const failure: Failure = { kind: "threw", error };
      const now = finishCall(
        prepared,
        run,
        context,
        received,
        start,
        undefined,
        failure,
        done,
        token,
      );
      if (now !== undefined) done(token, now);
    },
  );
  return undefined;
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
  return new Promise<ToolCallOutcome>((resolve) => {
    const now = finishCall(
      prepared,
      run,
      context,
      received,
      start,
      value,
      failure,
      resolveWithOutcome,
      resolve,
    );
    if (now !== undefined) resolve(now);
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
