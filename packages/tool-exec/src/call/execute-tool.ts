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
import { isPromiseLike } from "../maybe-async";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import {
  approveToolCall,
  mayNeedApproval,
  resolveUnbatchedApproval,
  type ToolApprovalStep,
} from "./approve-tool-call";
import { CallFrame, FIRST_START, type FrameStep, resolveToken } from "./call-frame";
import { closeExecution, type Failure } from "./close-execution";
import { isDispatched } from "./dispatch-tool-call";
import { ABORTED_TEXT, journalErrorText, seamNotProvidedText, timeoutText } from "./executor-texts";
import { invokeTool } from "./invoke-tool";
import { linkAbort } from "./link-abort";
import { type Preflighted, prepareToolCall } from "./prepare-tool-call";
import { raceTimeout } from "./race-timeout";
import { RunningToolContext } from "./running-tool-context";
import { settleCallWithError } from "./settle-call";
import { normalizeTimeout, type ToolRun } from "./tool-run";
import { ToolRunnerSeam } from "./tool-runner-seam";

/**
 * Steps 6–7 of a prepared call; see the file header. The frame's `start` says its attempt (what
 * the tool's context says: more than 1 only when a journal runs a `replay: "safe"` call again),
 * what recovery adopted, how approval resolved the call and what to write before `execute`.
 */
export function executePreparedCall(frame: CallFrame): Promise<ToolCallOutcome> {
  return new Promise((resolve) => {
    frame.handTo(resolveToken, resolve);
    const now = startPreparedCall(frame);
    if (now !== undefined) resolve(now);
  });
}

/**
 * {@link executePreparedCall} without a promise of its own, for a batch that starts thousands of
 * calls at once: returns the outcome when the call ended synchronously, else `undefined`, and the
 * frame's owner (`CallFrame.handTo`) receives the outcome once it ends. The frame waits for each
 * promise with reactions of its own, so a call keeps one object and one promise reaction alive
 * while its tool runs.
 */
export function startPreparedCall(frame: CallFrame): ToolCallOutcome | undefined {
  const now = executeTool(frame);
  return now === undefined ? undefined : frame.settled(now);
}

/**
 * Step 6: the abort check, the tool's seams, the journal's `started` record, then `execute` under
 * the call's time limit. Returns the outcome, or `undefined` when the frame waits.
 */
function executeTool(frame: CallFrame): ToolCallOutcome | undefined {
  const refused = refuseExecution(frame);
  if (refused !== undefined) return refused;
  const { beforeExecute } = frame.start;
  if (beforeExecute === undefined) return executeNow(frame);
  frame.waitFor(beforeExecute(), AFTER_STARTED_RECORD);
  return undefined;
}

/**
 * The checks of step 6 before `execute`: the run aborted (while the call waited for a slot or a
 * lock), or a seam the tool declares is missing. The call's outcome then, else `undefined`.
 */
export function refuseExecution(frame: CallFrame): ToolCallOutcome | undefined {
  const { toolCall, tool, span, run } = frame;
  if (run.signal?.aborted === true) {
    return settleCallWithError(toolCall, span, "aborted", ABORTED_TEXT);
  }
  // A dispatched call uses the worker's seams; the worker checks them (SPEC §12).
  const missingSeam = isDispatched(run.dispatcher, tool)
    ? undefined
    : findMissingSeam(tool.seams, run);
  if (missingSeam === undefined) return undefined;
  return settleCallWithError(
    toolCall,
    span,
    "seam_not_provided",
    seamNotProvidedText(missingSeam.name),
  );
}

/** Gives the frame the context `execute` receives, with `signal`, and starts its timer. */
export function openToolContext(frame: CallFrame, signal: AbortSignal): RunningToolContext {
  const context = new RunningToolContext(
    frame.toolCall,
    frame.run,
    signal,
    runCallPipeline,
    frame.start.attempt,
  );
  frame.context = context;
  frame.timing = performance.now();
  return context;
}

const AFTER_STARTED_RECORD: FrameStep = { resume: journaled, fail: journalFailed };

function journaled(frame: CallFrame): void {
  const now = executeNow(frame);
  if (now !== undefined) frame.deliver(now);
}

function journalFailed(frame: CallFrame, error: unknown): void {
  const { toolCall, span } = frame;
  frame.deliver(settleCallWithError(toolCall, span, "journal_error", journalErrorText(error)));
}

function executeNow(frame: CallFrame): ToolCallOutcome | undefined {
  const timeoutMs = normalizeTimeout(frame.tool.timeoutMs) ?? frame.run.timeoutMs;
  if (timeoutMs === undefined) return executeWithoutLimit(frame);
  void executeWithLimit(frame, timeoutMs);
  return undefined;
}

/**
 * The whole pipeline of one call outside a batch (`runToolCall`, a nested call): steps 1–5, step 5a
 * without a batch to suspend (`resolveUnbatchedApproval`), then steps 6–7 if the call may run.
 */
export function runCallPipeline(toolCall: ToolCall, run: ToolRun): Promise<ToolCallOutcome> {
  const prepared = prepareToolCall(new CallFrame(toolCall, run, FIRST_START));
  if (prepared instanceof Promise) return prepared.then(approveUnbatched);
  return approveUnbatched(prepared);
}

/** Step 5a for a call outside a batch, then steps 6–7. */
function approveUnbatched(call: Preflighted): Promise<ToolCallOutcome> {
  if (call.type === "ended") return Promise.resolve(call.outcome);
  if (!mayNeedApproval(call.run, call.tool)) return executePreparedCall(call);
  const step = approveToolCall(call, call.run, undefined);
  if (step instanceof Promise) return step.then((settled) => runApproved(call, settled));
  return runApproved(call, step);
}

function runApproved(frame: CallFrame, step: ToolApprovalStep): Promise<ToolCallOutcome> {
  const resolved = resolveUnbatchedApproval(frame, step);
  if (resolved.type === "ended") return Promise.resolve(resolved.outcome);
  const approval = resolved.approval;
  if (approval !== undefined) frame.start = { ...FIRST_START, approval };
  return executePreparedCall(frame);
}

// The common path — no time limit — is written without an async function: a batch keeps every
// started call's state alive until its tool settles, and a suspended async frame (registers,
// generator, await reactions) is several times larger than the call's frame.
function executeWithoutLimit(frame: CallFrame): ToolCallOutcome | undefined {
  openToolContext(frame, frame.run.signalOrNever);
  let pending: unknown;
  try {
    pending = invokeTool(frame, undefined);
  } catch (error) {
    return closeExecution(frame, undefined, { kind: "threw", error });
  }
  if (!isPromiseLike(pending)) return closeExecution(frame, pending, undefined);
  frame.waitFor(pending, AFTER_EXECUTE);
  return undefined;
}

const AFTER_EXECUTE: FrameStep = { resume: executed, fail: executeThrew };

function executed(frame: CallFrame, value: unknown): void {
  const now = closeExecution(frame, value, undefined);
  if (now !== undefined) frame.deliver(now);
}

function executeThrew(frame: CallFrame, error: unknown): void {
  const now = closeExecution(frame, undefined, { kind: "threw", error });
  if (now !== undefined) frame.deliver(now);
}

/** Step 6 under a time limit; never rejects: the outcome goes to the frame's caller. */
async function executeWithLimit(frame: CallFrame, timeoutMs: number): Promise<void> {
  const { run } = frame;
  const controller = new AbortController();
  const unlink = linkAbort(run.signal, controller);
  openToolContext(frame, controller.signal);
  let value: unknown;
  let failure: Failure | undefined;
  try {
    const pending = invokeTool(frame, timeoutMs);
    if (isPromiseLike(pending)) {
      const text = timeoutText(frame.toolCall.name, timeoutMs, false);
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
  const now = closeExecution(frame, value, failure);
  if (now !== undefined) frame.deliver(now);
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
