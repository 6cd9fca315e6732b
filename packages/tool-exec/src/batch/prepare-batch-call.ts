/**
 * One call of a batch up to the point where it may execute, on the call's `CallFrame`:
 *
 *   [approved: tool_approval_resolved] → tool_execution_start → steps 1–5 (`prepareCall`)
 *     → lock keys (parallel) → step 5a (not for a call prepared again) → ready | awaiting | ended
 *
 * Lock keys are read before step 5a, so a call whose `lockKeys` fail ends without asking a human.
 * Synchronous when the listener, the preflight and the approval step are; never rejects. A call
 * that is ready is its frame.
 */

import type { ToolCall } from "@toolwright/tool-core";
import type { ToolApprovalDecision } from "../approval/tool-approval-decision";
import type { ToolApprovalStep } from "../call/approve-tool-call";
import { approveToolCall, mayNeedApproval } from "../call/approve-tool-call";
import { CallFrame, type CallStart, FIRST_START, resolveToken } from "../call/call-frame";
import { journalErrorText } from "../call/executor-texts";
import {
  endInPreflight,
  type Preflighted,
  prepareCall,
  prepareToolCall,
  type Waiting,
} from "../call/prepare-tool-call";
import type { EndedCall } from "../call/prepared-call";
import type { ToolRun } from "../call/tool-run";
import { endUnsettledToolSpan } from "../call/trace-tool-call";
import type { BatchJournal } from "../journal/batch-journal";
import type { MaybePromise } from "../maybe-async";
import type { ToolApprovalRequest } from "../model/tool-approval-request";
import type { ToolCallApproval } from "../model/tool-call-approval";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import type { ApprovedBatchCall, AwaitingBatchCall, ReplayedBatchCall } from "./batch-call";
import type { BatchEvents } from "./batch-events";
import { readLockKeys } from "./read-lock-keys";

/** Where a call stands after its preflight: ready (its frame), awaiting a human, or ended. */
export type PreparedBatchCall = CallFrame | AwaitingBatchCall | EndedCall;

/** What a batch's preflight needs besides the call. */
export interface BatchPreflight {
  readonly run: ToolRun;
  readonly events: BatchEvents;
  /** Parallel batches read lock keys; sequential ones have no use for them. */
  readonly readKeys: boolean;
  /** Writes the `approval` record before `tool_approval_requested`, when the batch has one. */
  readonly journal: BatchJournal | undefined;
}

/**
 * A call not started in this run, on `frame`: its start event (`resumed` when it had one in an
 * earlier run), steps 1–5, lock keys, step 5a with its events. Returns `WAITING` (now or
 * from its promise) when a step of steps 1–5 waits: the frame then hands what they ended with to
 * its owner, which goes on with {@link finishPreflight}.
 */
export function prepareBatchCall(
  frame: CallFrame,
  resumed: boolean,
  preflight: BatchPreflight,
): MaybePromise<PreparedBatchCall | Waiting> {
  const started = preflight.events.start(frame.toolCall, resumed);
  if (started === undefined) return finishSteps(prepareCall(frame), preflight);
  if (started instanceof Promise) {
    return started.then((failure) =>
      failure === undefined ? finishSteps(prepareCall(frame), preflight) : toEnded(failure),
    );
  }
  return toEnded(started);
}

/**
 * {@link prepareBatchCall} for a caller that waits for each call in turn (a sequential batch):
 * a step that waits is waited for with a promise. The promise is the frame's owner from the start:
 * after an asynchronous start event, a step of steps 1–5 may wait on a promise that is already
 * settled, and its end then comes before this function could hear that it waits.
 */
export function prepareBatchCallInTurn(
  toolCall: ToolCall,
  resumed: boolean,
  preflight: BatchPreflight,
): MaybePromise<PreparedBatchCall> {
  const frame = new CallFrame(toolCall, preflight.run, FIRST_START);
  const handedOn = new Promise<Preflighted>((resolve) => frame.handTo(resolveToken, resolve));
  const prepared = prepareBatchCall(frame, resumed, preflight);
  if (prepared instanceof Promise) {
    return prepared.then((settled) => finishInTurn(settled, handedOn, preflight));
  }
  return finishInTurn(prepared, handedOn, preflight);
}

function finishInTurn(
  prepared: PreparedBatchCall | Waiting,
  handedOn: Promise<Preflighted>,
  preflight: BatchPreflight,
): MaybePromise<PreparedBatchCall> {
  if (prepared.type !== "waiting") return prepared;
  return handedOn.then((value) => finishPreflight(value, preflight));
}

function finishSteps(
  prepared: Preflighted | Waiting,
  preflight: BatchPreflight,
): MaybePromise<PreparedBatchCall | Waiting> {
  return prepared.type === "waiting" ? prepared : finishPreflight(prepared, preflight);
}

/**
 * A call approved on resume (its resolved event first) or re-run by a journal's recovery: a start
 * event with `resumed: true` (and `attempt` above 1), then steps 1–5 again, without step 5a.
 */
export async function prepareAgainCall(
  call: ApprovedBatchCall | ReplayedBatchCall,
  preflight: BatchPreflight,
): Promise<PreparedBatchCall> {
  const frame = new CallFrame(call.toolCall, preflight.run, againStart(call));
  if (call.type === "approved") {
    const resolvedFailure = await preflight.events.resolved(call.toolCall, call.resolution);
    if (resolvedFailure !== undefined) return toEnded(resolvedFailure);
  }
  const startFailure = await preflight.events.start(call.toolCall, true, frame.start.attempt);
  if (startFailure !== undefined) return toEnded(frame.settled(startFailure));
  return finishPreflight(await prepareToolCall(frame), preflight);
}

/** How a call prepared again starts: its attempt, its approval, what recovery found remotely. */
function againStart(call: ApprovedBatchCall | ReplayedBatchCall): CallStart {
  if (call.type === "approved") return { ...FIRST_START, approval: call.resolution, again: true };
  const { remote } = call;
  return {
    ...FIRST_START,
    attempt: call.attempt,
    approval: call.approval,
    again: true,
    remote: remote !== undefined,
    adopted: remote?.kind === "adopt" ? remote.result : undefined,
  };
}

/** The rest of a call's preflight after steps 1–5: lock keys, then step 5a. */
export function finishPreflight(
  call: Preflighted,
  preflight: BatchPreflight,
): MaybePromise<PreparedBatchCall> {
  if (call.type === "ended") return call;
  if (preflight.readKeys) {
    const read = readLockKeys(call);
    if (typeof read === "string") return endInPreflight(call, "lock_keys_error", read);
    call.lockKeys = read;
  }
  if (call.start.again || !mayNeedApproval(preflight.run, call.tool)) return call;
  const journal = preflight.journal;
  const lockKeys = call.lockKeys;
  const onRequested =
    journal === undefined
      ? preflight.events.requested
      : (request: ToolApprovalRequest) =>
          journal.approval(request, lockKeys).then(() => preflight.events.requested(request));
  const step = approveToolCall(call, preflight.run, onRequested);
  if (step instanceof Promise) {
    return step.then((settled) => applyApprovalStep(call, settled, preflight));
  }
  return applyApprovalStep(call, step, preflight);
}

/** Step 5a's answer for a call's first run. */
function applyApprovalStep(
  frame: CallFrame,
  step: ToolApprovalStep,
  preflight: BatchPreflight,
): MaybePromise<PreparedBatchCall> {
  switch (step.type) {
    case "not_needed":
      return frame;
    case "failed":
      return endInPreflight(frame, step.errorType, step.text);
    case "awaiting":
      if (frame.span !== undefined) endUnsettledToolSpan(frame.span, "pending");
      return {
        type: "awaiting",
        toolCall: frame.toolCall,
        request: step.request,
        lockKeys: frame.lockKeys,
      };
    default: {
      // `decide` gave a verdict: the request is resolved in process, before the call goes on, and
      // the call's outcome carries it from here on.
      frame.start = { ...FIRST_START, approval: step.resolution };
      const journal = preflight.journal;
      // With a journal, the verdict is recorded like a human's, so recovery does not ask again.
      if (journal !== undefined) {
        const decision = { callId: frame.toolCall.id, decision: toDecision(step.resolution) };
        return journal.decisions([decision]).then(
          () => applyVerdict(frame, step, preflight),
          (error: unknown) => endInPreflight(frame, "journal_error", journalErrorText(error)),
        );
      }
      return applyVerdict(frame, step, preflight);
    }
  }
}

/** A verdict of `decide`: its resolved event, then the call runs or ends. */
function applyVerdict(
  frame: CallFrame,
  step: Extract<ToolApprovalStep, { type: "approved" | "denied" }>,
  preflight: BatchPreflight,
): MaybePromise<PreparedBatchCall> {
  const resolved = preflight.events.resolved(frame.toolCall, step.resolution);
  const next = (failure: ToolCallOutcome | undefined): PreparedBatchCall => {
    // The listener failed: the call ends with its message (and its span with it).
    if (failure !== undefined) {
      return endInPreflight(frame, "event_listener_error", describeResult(failure));
    }
    return step.type === "approved" ? frame : endInPreflight(frame, step.errorType, step.text);
  };
  return resolved instanceof Promise ? resolved.then(next) : next(resolved);
}

/** An in-process verdict as the decision a journal records. */
function toDecision(resolution: ToolCallApproval): ToolApprovalDecision {
  const by = resolution.by === undefined ? {} : { by: resolution.by };
  if (resolution.decision !== "deny") {
    return { approvalId: resolution.approvalId, decision: "approve", ...by };
  }
  const message = resolution.message === undefined ? {} : { message: resolution.message };
  return { approvalId: resolution.approvalId, decision: "deny", ...by, ...message };
}

function describeResult(outcome: ToolCallOutcome): string {
  const first = outcome.result.content[0];
  return first?.type === "text" ? first.text : "";
}

function toEnded(outcome: ToolCallOutcome): EndedCall {
  return { type: "ended", outcome };
}
