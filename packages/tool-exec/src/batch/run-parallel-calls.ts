/**
 * A parallel batch's calls: preflight call by call in source order (start event, steps 1–5, lock
 * keys, step 5a; a call that ends there gets its end event at once), then the ready calls execute
 * under the scheduler (`maxConcurrency`, lock keys), each end event in completion order. A ready
 * call whose lock keys overlap those of an awaiting or deferred call earlier in source order is
 * deferred: it keeps the source-order guarantee of lock keys across a suspension.
 */
import { DeferralKeys } from "../approval/find-deferred-calls";
import { CallFrame, FIRST_START, type FrameDone } from "../call/call-frame";
import type { Preflighted, Waiting } from "../call/prepare-tool-call";
import { endUnsettledToolSpan } from "../call/trace-tool-call";
import type { MaybePromise } from "../maybe-async";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import { toolCallOf } from "./batch-call";
import type { BatchProgress } from "./batch-progress";
import { startReadyCall } from "./execute-ready-call";
import {
  type BatchPreflight,
  finishPreflight,
  type PreparedBatchCall,
  prepareAgainCall,
  prepareBatchCall,
} from "./prepare-batch-call";
import { recoveryOf, settleBatchCall } from "./settle-batch-call";
import { ToolCallScheduler } from "./tool-call-scheduler";

/** Runs every unsettled call that may run; see the file header. */
export async function runParallelCalls(batch: BatchProgress): Promise<void> {
  const { journal } = batch;
  const scheduler = new ToolCallScheduler<CallFrame, ToolCallOutcome>(
    batch.maxConcurrency,
    {
      start(frame, token, done) {
        // The scheduler is the frame's owner while it executes: `done(slot, outcome)`.
        frame.handTo(done as FrameDone, token);
        const now = startReadyCall(frame, journal);
        // An outcome known at once reaches the scheduler in a later microtask, as a promise's
        // would: the scheduler must not hear of a call's end while it is still starting it.
        if (now !== undefined) queueMicrotask(() => done(token, now));
      },
    },
    (frame, index, outcome) => {
      const ended = settleBatchCall(batch, outcome, frame.start.attempt, recoveryOf(frame));
      if (!(ended instanceof Promise)) {
        batch.settle(index, ended);
        return undefined;
      }
      return ended.then((kept) => batch.settle(index, kept));
    },
    batch.size,
  );
  await new ParallelPreflight(batch, scheduler).run();
  await scheduler.run();
}

/**
 * The preflight of a parallel batch, call by call in source order, as a loop that a promise
 * reaction resumes rather than an async function: an `await` per call (its resume closures and
 * their context, ~200 B) is what every call of a 10,000-call batch paid while it waited for its
 * asynchronous `beforeToolCall`. Here the loop is each frame's owner while it is prepared: a frame
 * that waits in steps 1–5 hands what they ended with to `#onStepsDone`, made once per batch, so a
 * call pays only its frame's own reaction. Settles once every call was prepared and handed to the
 * scheduler (or ended, left awaiting, or deferred); rejects only if the bookkeeping itself throws.
 */
class ParallelPreflight {
  readonly #batch: BatchProgress;
  readonly #scheduler: ToolCallScheduler<CallFrame, ToolCallOutcome>;
  readonly #preflight: BatchPreflight;
  readonly #deferral = new DeferralKeys();
  /** The call being prepared. */
  #index = 0;
  #resolve: () => void = ignore;
  #reject: (error: unknown) => void = ignore;

  constructor(batch: BatchProgress, scheduler: ToolCallScheduler<CallFrame, ToolCallOutcome>) {
    this.#batch = batch;
    this.#scheduler = scheduler;
    const { run, events, journal } = batch;
    this.#preflight = { run, events, readKeys: true, journal };
  }

  run(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
      this.#continue();
    });
  }

  /** Prepares calls from `#index` on until one must wait, or every call was prepared. */
  #continue(): void {
    const batch = this.#batch;
    try {
      while (this.#index < batch.size) {
        const index = this.#index;
        if (batch.outcomeAt(index) !== undefined) {
          this.#index++;
          continue;
        }
        const call = batch.callAt(index);
        if (call.type === "awaiting") {
          this.#deferral.hold(call.lockKeys);
          this.#index++;
          continue;
        }
        let first: MaybePromise<PreparedBatchCall | Waiting>;
        if (call.type === "approved" || call.type === "replayed") {
          first = prepareAgainCall(call, this.#preflight);
        } else {
          const frame = new CallFrame(toolCallOf(call), batch.run, FIRST_START);
          frame.handTo(this.#onStepsDone, undefined);
          first = prepareBatchCall(frame, call.type === "deferred", this.#preflight);
        }
        if (first instanceof Promise) {
          first.then(this.#onPrepared, this.#reject);
          return;
        }
        // A step of steps 1–5 waits: the frame hands its end to `#onStepsDone`.
        if (first.type === "waiting") return;
        if (!this.#place(first)) return;
      }
    } catch (error) {
      this.#reject(error);
      return;
    }
    this.#resolve();
  }

  /** Steps 1–5 of the call at `#index` ended after a wait: the rest of its preflight. */
  readonly #onStepsDone = (_token: unknown, value: unknown): void => {
    let prepared: MaybePromise<PreparedBatchCall>;
    try {
      prepared = finishPreflight(value as Preflighted, this.#preflight);
    } catch (error) {
      this.#reject(error);
      return;
    }
    if (prepared instanceof Promise) prepared.then(this.#onPrepared, this.#reject);
    else this.#onPrepared(prepared);
  };

  readonly #onPrepared = (prepared: PreparedBatchCall | Waiting): void => {
    // Steps 1–5 wait after an asynchronous start event: the frame hands their end on.
    if (prepared.type === "waiting") return;
    let placed: boolean;
    try {
      placed = this.#place(prepared);
    } catch (error) {
      this.#reject(error);
      return;
    }
    if (placed) this.#continue();
  };

  /**
   * Puts the call at `#index` where its preflight left it and moves on. Returns `false` when its
   * end event is still being delivered (the loop then goes on once it was).
   */
  #place(prepared: PreparedBatchCall): boolean {
    const index = this.#index;
    const batch = this.#batch;
    if (prepared.type === "ended") {
      const ended = settleBatchCall(batch, prepared.outcome);
      if (ended instanceof Promise) {
        ended.then((kept) => {
          batch.settle(index, kept);
          this.#index++;
          this.#continue();
        }, this.#reject);
        return false;
      }
      batch.settle(index, ended);
    } else if (prepared.type === "awaiting") {
      batch.leaveAwaiting(index, prepared);
      this.#deferral.hold(prepared.lockKeys);
    } else if (this.#deferral.defers(prepared.lockKeys)) {
      batch.defer(index, prepared.toolCall);
      if (prepared.span !== undefined) endUnsettledToolSpan(prepared.span, "deferred");
    } else {
      this.#scheduler.add(prepared, index, prepared.lockKeys);
    }
    this.#index++;
    return true;
  }
}

function ignore(): void {}
