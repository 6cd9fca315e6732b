/**
 * Runs a parallel batch's prepared calls under two limits: at most `maxConcurrency` executing at
 * once, and never two calls whose lock keys overlap. Each lock key has a queue in source order; a
 * call may start only when it heads the queue of every key it holds, so overlapping calls run in
 * source order and no two calls can wait on each other (every queue is ordered the same way).
 * Starting and releasing a call costs O(its keys) — no step scans the batch. The scheduler owns
 * its entries: the values it is given are never written to.
 *
 * Calls start at most {@link START_SLICE} per microtask turn: the next slice starts from a queued
 * microtask, after the calls already started had a turn to go on. Every call still starts in the
 * same macrotask (before any timer, I/O callback or other task), so the calls run concurrently as
 * before; but calls that settle within microtasks (a cached answer, a tool that only computes)
 * finish and free their in-flight state while the rest are being started, instead of 10,000 calls
 * each holding a context, its promise reactions and its hook state at once. That peak is what the
 * young-generation garbage collector must copy, and it made the cost per call of a 10,000-call
 * batch grow to about four times that of a 100-call batch.
 */
import { keepShapeAlive } from "../keep-shape-alive";
import type { MaybePromise } from "../maybe-async";

/**
 * How many calls start in one microtask turn. Measured on a 10,000-call batch of an instant tool
 * with asynchronous hooks: 16–256 all cut the peak; 64 gave the lowest cost per call.
 */
export const START_SLICE = 64;

/** The scheduler's record of one call. */
interface Entry<TValue> {
  readonly value: TValue;
  /** The call's position in the batch. */
  readonly index: number;
  /** The call's distinct lock keys, or `undefined` for none. */
  readonly keys: readonly string[] | undefined;
  /** How many key queues the call does not head yet. */
  blockedBy: number;
}

/**
 * A scheduler's way to start a call without a promise per call: `start` runs the call and calls
 * `done(token, result)` when it ended. **Contract:** `start` must not throw, and must call `done`
 * exactly once, never before `start` returned.
 */
export interface CallStarter<TValue, TResult> {
  start(value: TValue, token: object, done: (token: object, result: TResult) => void): void;
}

interface KeyQueue<TValue> {
  readonly entries: Entry<TValue>[];
  head: number;
}

/** Schedules a batch's calls; see the file header. */
export class ToolCallScheduler<TValue, TResult> {
  readonly #maxConcurrency: number;
  readonly #starter: CallStarter<TValue, TResult>;
  readonly #finish: (value: TValue, index: number, result: TResult) => MaybePromise<void>;
  readonly #ready: Entry<TValue>[] = [];
  #readyHead = 0;
  readonly #keyQueues = new Map<string, KeyQueue<TValue>>();
  #running = 0;
  #remaining = 0;
  /** Whether a microtask to start the next slice is queued (starting waits for it). */
  #sliceQueued = false;
  #resolveDone: (() => void) | undefined = undefined;

  static {
    // See keep-shape-alive.ts: one scheduler per batch dies with its batch.
    const execute = () => Promise.resolve();
    keepShapeAlive(() => new ToolCallScheduler<unknown, void>(1, execute, () => undefined));
  }

  /**
   * `execute` runs a call and must not reject (or is a {@link CallStarter}); `finish` runs after
   * the call's slot and keys were released (it emits the end event) and must not throw or reject
   * either.
   */
  constructor(
    maxConcurrency: number,
    execute: ((value: TValue) => Promise<TResult>) | CallStarter<TValue, TResult>,
    finish: (value: TValue, index: number, result: TResult) => MaybePromise<void>,
  ) {
    this.#maxConcurrency = maxConcurrency;
    this.#starter = typeof execute === "function" ? promiseStarter(execute) : execute;
    this.#finish = finish;
  }

  /** Adds a call at batch position `index`. Calls must be added in source order, before {@link run}. */
  add(value: TValue, index: number, keys: readonly string[] | undefined): void {
    this.#remaining++;
    const entry: Entry<TValue> = { value, index, keys, blockedBy: 0 };
    if (keys !== undefined) {
      for (const key of keys) {
        let queue = this.#keyQueues.get(key);
        if (queue === undefined) {
          queue = { entries: [], head: 0 };
          this.#keyQueues.set(key, queue);
        }
        queue.entries.push(entry);
        if (queue.entries.length - queue.head > 1) entry.blockedBy++;
      }
    }
    if (entry.blockedBy === 0) this.#ready.push(entry);
  }

  /** Starts the calls; resolves when every call finished (execute and finish). */
  run(): Promise<void> {
    if (this.#remaining === 0) return Promise.resolve();
    const done = new Promise<void>((resolve) => {
      this.#resolveDone = resolve;
    });
    this.#pump();
    return done;
  }

  #pump(): void {
    // A queued slice starts the next calls; starting them here would jump its queue.
    if (this.#sliceQueued) return;
    let started = 0;
    while (this.#running < this.#maxConcurrency && this.#readyHead < this.#ready.length) {
      if (started === START_SLICE) {
        this.#sliceQueued = true;
        queueMicrotask(this.#startNextSlice);
        return;
      }
      started++;
      const entry = this.#ready[this.#readyHead] as Entry<TValue>;
      // Drop the reference: a started entry must not stay reachable from the ready list.
      this.#ready[this.#readyHead] = undefined as unknown as Entry<TValue>;
      this.#readyHead++;
      this.#running++;
      this.#start(entry);
    }
  }

  readonly #startNextSlice = (): void => {
    this.#sliceQueued = false;
    this.#pump();
  };

  // No closure per call: the entry is the token, `#done` is shared by every call.
  #start(entry: Entry<TValue>): void {
    this.#starter.start(entry.value, entry, this.#done);
  }

  readonly #done = (token: object, result: TResult): void => {
    this.#executed(token as Entry<TValue>, result);
  };

  #executed(entry: Entry<TValue>, result: TResult | undefined): void {
    this.#running--;
    this.#release(entry);
    this.#pump();
    let finishing: MaybePromise<void>;
    try {
      finishing = this.#finish(entry.value, entry.index, result as TResult);
    } catch {
      // Same: never let one call's bookkeeping stop the batch.
      finishing = undefined;
    }
    if (finishing instanceof Promise) finishing.then(this.#finished, this.#finished);
    else this.#finished();
  }

  readonly #finished = (): void => {
    this.#remaining--;
    if (this.#remaining === 0) this.#resolveDone?.();
  };

  #release(entry: Entry<TValue>): void {
    const keys = entry.keys;
    if (keys === undefined) return;
    for (const key of keys) {
      const queue = this.#keyQueues.get(key);
      if (queue === undefined) continue;
      queue.head++;
      const next = queue.entries[queue.head];
      if (next === undefined) {
        this.#keyQueues.delete(key);
        continue;
      }
      next.blockedBy--;
      if (next.blockedBy === 0) this.#ready.push(next);
    }
  }
}

/** A {@link CallStarter} over a function that returns a promise. */
function promiseStarter<TValue, TResult>(
  execute: (value: TValue) => Promise<TResult>,
): CallStarter<TValue, TResult> {
  return {
    start(value, token, done) {
      let executing: Promise<TResult>;
      try {
        executing = execute(value);
      } catch {
        executing = Promise.reject();
      }
      executing.then(
        (result) => done(token, result),
        // `execute` does not reject; if it ever did, the slot must still be released.
        () => done(token, undefined as TResult),
      );
    },
  };
}
