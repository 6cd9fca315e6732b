/**
 * One call of a batch up to the point where it may execute:
 *
 *   [approved: tool_approval_resolved] → tool_execution_start → steps 1–5 (prepareToolCall)
 *     → lock keys (parallel) → step 5a (not for an approved call) → ready | awaiting | ended
 *
 * Lock keys are read before step 5a, so a call whose `lockKeys` fail ends without asking a human.
 * Synchronous when the listener, the preflight and the approval step are; never rejects.
 */

import type { ToolCall } from "@toolwright/tool-core";
import type { ToolApprovalDecision } from "../approval/tool-approval-decision";
import type { ToolApprovalStep } from "../call/approve-tool-call";
import {
  approveToolCall,
  endWithApproval,
  mayNeedApproval,
  withApproval,
} from "../call/approve-tool-call";
import { journalErrorText } from "../call/executor-texts";
import {
  type DecisionHolder,
  type HeldDecision,
  prepareToolCallHeld,
  prepareToolCallThen,
} from "../call/prepare-tool-call";
import type { EndedCall, PreparedCall } from "../call/prepared-call";
import { settlePreparedCall } from "../call/settle-call";
import type { ToolRun } from "../call/tool-run";
import { endUnsettledToolSpan } from "../call/trace-tool-call";
import type { BatchJournal } from "../journal/batch-journal";
import type { MaybePromise } from "../maybe-async";
import type { ToolApprovalRequest } from "../model/tool-approval-request";
import type { ToolCallApproval } from "../model/tool-call-approval";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import type {
  ApprovedBatchCall,
  AwaitingBatchCall,
  RemoteRecovery,
  ReplayedBatchCall,
} from "./batch-call";
import type { BatchEvents } from "./batch-events";
import { readLockKeys } from "./read-lock-keys";
import type { ReadyCall } from "./ready-call";

/** Where a call stands after its preflight. */
export type PreparedBatchCall = ReadyCall | AwaitingBatchCall | EndedCall;

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
 * A call not started in this run: its start event (`resumed` when it had one in an earlier run),
 * steps 1–5, lock keys, step 5a with its events.
 */
export function prepareBatchCall(
  toolCall: ToolCall,
  resumed: boolean,
  preflight: BatchPreflight,
): MaybePromise<PreparedBatchCall> {
  return afterStartEvent(toolCall, preflight, preflight.events.start(toolCall, resumed));
}

/** A first run's preflight after its start event was emitted (`started`: the listener's failure). */
function afterStartEvent(
  toolCall: ToolCall,
  preflight: BatchPreflight,
  started: MaybePromise<ToolCallOutcome | undefined>,
): MaybePromise<PreparedBatchCall> {
  if (started === undefined) return afterStart(toolCall, preflight, undefined, 1);
  if (started instanceof Promise) {
    return started.then((failure) =>
      failure === undefined ? afterStart(toolCall, preflight, undefined, 1) : toEnded(failure),
    );
  }
  return toEnded(started);
}

/**
 * `prepareBatchCall` for a call not started before, except that an asynchronous `beforeToolCall`
 * is handed to `holder` (see `prepareToolCallHeld`), which returns `HELD`: the parallel batch,
 * which waits for each preflight in turn, waits for the hook itself and goes on with
 * {@link afterDecision}.
 */
export function prepareFirstBatchCall(
  toolCall: ToolCall,
  resumed: boolean,
  preflight: BatchPreflight,
  holder: DecisionHolder,
): MaybePromise<PreparedBatchCall> | HeldDecision {
  const started = preflight.events.start(toolCall, resumed);
  if (started !== undefined) return afterStartEvent(toolCall, preflight, started);
  const call = prepareToolCallHeld(toolCall, preflight.run, holder);
  if (call instanceof Promise) return call.then((settled) => afterFirstPrepare(settled, preflight));
  if (call.type === "deciding") return call;
  return afterFirstPrepare(call, preflight);
}

/** The rest of a first run's preflight once its held `beforeToolCall` settled. */
export function afterDecision(
  decided: PreparedCall | EndedCall,
  preflight: BatchPreflight,
): MaybePromise<PreparedBatchCall> {
  return afterFirstPrepare(decided, preflight);
}

/**
 * A call approved on resume (its resolved event first) or re-run by a journal's recovery: a start
 * event with `resumed: true` (and `attempt` above 1), then steps 1–5 again, without step 5a.
 */
export async function prepareAgainCall(
  call: ApprovedBatchCall | ReplayedBatchCall,
  preflight: BatchPreflight,
): Promise<PreparedBatchCall> {
  const { toolCall } = call;
  const resolution = call.type === "approved" ? call.resolution : call.approval;
  const attempt = call.type === "replayed" ? call.attempt : 1;
  if (call.type === "approved") {
    const resolvedFailure = await preflight.events.resolved(toolCall, call.resolution);
    if (resolvedFailure !== undefined) return toEnded(resolvedFailure);
  }
  const startFailure = await preflight.events.start(toolCall, true, attempt);
  if (startFailure !== undefined) {
    return toEnded(
      resolution === undefined ? startFailure : withApproval(startFailure, resolution),
    );
  }
  const remote = call.type === "replayed" ? call.remote : undefined;
  return afterStart(toolCall, preflight, resolution ?? AGAIN, attempt, remote);
}

/** Marks a call prepared again without an approval to carry: step 5a is skipped all the same. */
const AGAIN: ToolCallApproval = Object.freeze({ approvalId: "", decision: "approve" });

function afterStart(
  toolCall: ToolCall,
  preflight: BatchPreflight,
  approved: ToolCallApproval | undefined,
  attempt: number,
  remote?: RemoteRecovery,
): MaybePromise<PreparedBatchCall> {
  // A call's first run — nearly every call — passes the batch's own preflight, so the step after
  // steps 1–5 needs nothing made for the call.
  if (approved === undefined && attempt === 1 && remote === undefined) {
    return prepareToolCallThen(toolCall, preflight.run, afterFirstPrepare, preflight);
  }
  const again: AgainContext = { preflight, approved, attempt, remote };
  return prepareToolCallThen(toolCall, preflight.run, afterPrepareAgain, again);
}

/** What a call prepared again (approved, or re-run by recovery) carries past steps 1–5. */
interface AgainContext {
  readonly preflight: BatchPreflight;
  readonly approved: ToolCallApproval | undefined;
  readonly attempt: number;
  readonly remote: RemoteRecovery | undefined;
}

function afterFirstPrepare(
  call: PreparedCall | EndedCall,
  preflight: BatchPreflight,
): MaybePromise<PreparedBatchCall> {
  return afterPrepare(call, preflight, undefined, 1, undefined);
}

function afterPrepareAgain(
  call: PreparedCall | EndedCall,
  again: AgainContext,
): MaybePromise<PreparedBatchCall> {
  return afterPrepare(call, again.preflight, again.approved, again.attempt, again.remote);
}

/** `approved` skips step 5a; it is carried on the outcome unless it is {@link AGAIN}. */
function afterPrepare(
  call: PreparedCall | EndedCall,
  preflight: BatchPreflight,
  approved: ToolCallApproval | undefined,
  attempt: number,
  remote: RemoteRecovery | undefined,
): MaybePromise<PreparedBatchCall> {
  const carried = approved === AGAIN ? undefined : approved;
  if (call.type === "ended") {
    return carried === undefined ? call : toEnded(withApproval(call.outcome, carried));
  }
  let lockKeys: readonly string[] | undefined;
  if (preflight.readKeys) {
    const read = readLockKeys(call);
    if (typeof read === "string") {
      const outcome = settlePreparedCall(call, "lock_keys_error", read);
      return toEnded(carried === undefined ? outcome : withApproval(outcome, carried));
    }
    lockKeys = read;
  }
  if (approved !== undefined) {
    return { type: "ready", prepared: call, lockKeys, approval: carried, attempt, remote };
  }
  if (!mayNeedApproval(preflight.run, call.tool)) {
    // The common case needs no wrapper (see `ReadyCall`).
    if (lockKeys === undefined && attempt === 1 && remote === undefined) return call;
    return { type: "ready", prepared: call, lockKeys, approval: undefined, attempt, remote };
  }
  const journal = preflight.journal;
  const onRequested =
    journal === undefined
      ? preflight.events.requested
      : (request: ToolApprovalRequest) =>
          journal.approval(request, lockKeys).then(() => preflight.events.requested(request));
  const step = approveToolCall(call, preflight.run, onRequested);
  if (step instanceof Promise) {
    return step.then((settled) => applyApprovalStep(call, lockKeys, settled, preflight));
  }
  return applyApprovalStep(call, lockKeys, step, preflight);
}

function applyApprovalStep(
  prepared: PreparedCall,
  lockKeys: readonly string[] | undefined,
  step: ToolApprovalStep,
  preflight: BatchPreflight,
): MaybePromise<PreparedBatchCall> {
  switch (step.type) {
    case "not_needed":
      return {
        type: "ready",
        prepared,
        lockKeys,
        approval: undefined,
        attempt: 1,
        remote: undefined,
      };
    case "failed":
      return toEnded(settlePreparedCall(prepared, step.errorType, step.text));
    case "awaiting":
      if (prepared.span !== undefined) endUnsettledToolSpan(prepared.span, "pending");
      return { type: "awaiting", toolCall: prepared.toolCall, request: step.request, lockKeys };
    default: {
      // `decide` gave a verdict: the request is resolved in process, before the call goes on.
      const resolution = step.resolution;
      const journal = preflight.journal;
      // With a journal, the verdict is recorded like a human's, so recovery does not ask again.
      if (journal !== undefined) {
        const decision = { callId: prepared.toolCall.id, decision: toDecision(resolution) };
        return journal.decisions([decision]).then(
          () => applyVerdict(prepared, lockKeys, step, preflight),
          (error: unknown) => {
            const text = journalErrorText(error);
            return toEnded(
              withApproval(settlePreparedCall(prepared, "journal_error", text), resolution),
            );
          },
        );
      }
      return applyVerdict(prepared, lockKeys, step, preflight);
    }
  }
}

/** A verdict of `decide`: its resolved event, then the call runs or ends. */
function applyVerdict(
  prepared: PreparedCall,
  lockKeys: readonly string[] | undefined,
  step: Extract<ToolApprovalStep, { type: "approved" | "denied" }>,
  preflight: BatchPreflight,
): MaybePromise<PreparedBatchCall> {
  const resolution = step.resolution;
  const resolved = preflight.events.resolved(prepared.toolCall, resolution);
  const next = (failure: ToolCallOutcome | undefined): PreparedBatchCall => {
    if (failure !== undefined) {
      // The listener failed: the call ends with its message (and its span with it).
      const text = describeResult(failure);
      const outcome = settlePreparedCall(prepared, "event_listener_error", text);
      return toEnded(withApproval(outcome, resolution));
    }
    return step.type === "approved"
      ? {
          type: "ready",
          prepared,
          lockKeys,
          approval: resolution,
          attempt: 1,
          remote: undefined,
        }
      : endWithApproval(prepared, step.errorType, step.text, resolution);
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
