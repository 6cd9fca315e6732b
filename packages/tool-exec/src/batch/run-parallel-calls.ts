/**
 * A parallel batch's calls: preflight call by call in source order (start event, steps 1–5, lock
 * keys, step 5a; a call that ends there gets its end event at once), then the ready calls execute
 * under the scheduler (`maxConcurrency`, lock keys), each end event in completion order. A ready
 * call whose lock keys overlap those of an awaiting or deferred call earlier in source order is
 * deferred (SPEC §10): it keeps the source-order guarantee of lock keys across a suspension.
 */
import { DeferralKeys } from "../approval/find-deferred-calls";
import { decideToolCall, failToolCallDecision } from "../call/prepare-tool-call";
import type { EndedCall, PreparedCall } from "../call/prepared-call";
import type { ToolCallOutcome } from "../call/tool-call-outcome";
import { endUnsettledToolSpan } from "../call/trace-tool-call";
import type { MaybePromise } from "../maybe-async";
import { toolCallOf } from "./batch-call";
import type { BatchProgress } from "./batch-progress";
import { endBatchCall, recoveryOf } from "./end-batch-call";
import { startReadyCall } from "./execute-ready-call";
import {
  afterDecision,
  type BatchPreflight,
  type PreparedBatchCall,
  prepareAgainCall,
  prepareFirstBatchCall,
} from "./prepare-batch-call";
import { attemptOf, lockKeysOf, preparedOf, type ReadyCall } from "./ready-call";
import { ToolCallScheduler } from "./tool-call-scheduler";

/** Runs every unsettled call that may run; see the file header. */
export async function runParallelCalls(batch: BatchProgress): Promise<void> {
  const { calls, outcomes, run, events } = batch;
  const { journal } = batch;
  const preflight: BatchPreflight = { run, events, readKeys: true, journal };
  const scheduler = new ToolCallScheduler<ReadyCall, ToolCallOutcome>(
    batch.maxConcurrency,
    {
      start(ready, token, done) {
        const now = startReadyCall(ready, run, journal, done, token);
        if (now !== undefined) deliverLater(done, token, now);
      },
    },
    (ready, index, outcome) => {
      const ended = endBatchCall(batch, outcome, attemptOf(ready), recoveryOf(ready));
      if (!(ended instanceof Promise)) {
        outcomes[index] = ended;
        return undefined;
      }
      return ended.then((kept) => {
        outcomes[index] = kept;
      });
    },
    calls.length,
  );
  const deferral = new DeferralKeys();
  for (let index = 0; index < calls.length; index++) {
    if (outcomes[index] !== undefined) continue;
    const call = calls[index] as (typeof calls)[number];
    if (call.type === "awaiting") {
      deferral.hold(call.lockKeys);
      continue;
    }
    const first =
      call.type === "approved" || call.type === "replayed"
        ? prepareAgainCall(call, preflight)
        : prepareFirstBatchCall(toolCallOf(call), call.type === "deferred", preflight);
    let prepared: MaybePromise<PreparedBatchCall>;
    if (!(first instanceof Promise) && first.type === "deciding") {
      // The call's `beforeToolCall` answers asynchronously: the loop awaits it itself.
      let decided: PreparedCall | EndedCall;
      try {
        decided = decideToolCall(first, run, await first.decision);
      } catch (error) {
        decided = failToolCallDecision(first, run, error);
      }
      prepared = afterDecision(decided, preflight);
    } else {
      prepared = first;
    }
    if (prepared instanceof Promise) prepared = await prepared;
    if (prepared.type === "ended") {
      let ended = endBatchCall(batch, prepared.outcome);
      if (ended instanceof Promise) ended = await ended;
      outcomes[index] = ended;
    } else if (prepared.type === "awaiting") {
      calls[index] = prepared;
      deferral.hold(prepared.lockKeys);
    } else if (deferral.defers(lockKeysOf(prepared))) {
      const { toolCall, span } = preparedOf(prepared);
      calls[index] = { type: "deferred", toolCall };
      if (span !== undefined) endUnsettledToolSpan(span, "deferred");
    } else {
      scheduler.add(prepared, index, lockKeysOf(prepared));
    }
  }
  await scheduler.run();
}

/**
 * Hands an outcome known at once to the scheduler in a later microtask, as a promise would (the
 * scheduler must not hear of a call's end while it is still starting it). Apart from the starter
 * so that only such a call pays the closure.
 */
function deliverLater(
  done: (token: number, outcome: ToolCallOutcome) => void,
  token: number,
  outcome: ToolCallOutcome,
): void {
  queueMicrotask(() => done(token, outcome));
}
