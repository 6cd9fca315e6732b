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

/**
 * A scheduler's way to start a call without a promise per call: `start` runs the call and calls
 * `done(token, result)` when it ended. **Contract:** `start` must not throw, and must call `done`
 * exactly once, never before `start` returned.
 */
export interface CallStarter<TValue, TResult> {
  start(value: TValue, token: number, done: (token: number, result: TResult) => void): void;
}

/** The bookkeeping of a batch with lock keys, per slot (see `ToolCallScheduler`). */
interface KeyedSlots {
  readonly keys: (readonly string[] | undefined)[];
  readonly blockedBy: number[];
  readonly ready: number[];
}

/** The calls that hold one lock key, as slots in source order; `head` holds the key. */
interface KeyQueue {
  readonly slots: number[];
  head: number;
}

/**
 * Schedules a batch's calls; see the file header. A call is a slot — its position in the order of
 * `add` — in parallel arrays rather than an object of its own: a batch holds every call it was
 * given until the call ran, and an array slot per field is smaller than an object per call. The
 * arrays a batch does not need (positions when they equal the slots, lock-key bookkeeping when no
 * call has keys) are not made.
 */
export class ToolCallScheduler<TValue, TResult> {
  readonly #maxConcurrency: number;
  readonly #starter: CallStarter<TValue, TResult>;
  readonly #finish: (value: TValue, index: number, result: TResult) => MaybePromise<void>;
  /** How many calls were added: the next call's slot. */
  #added = 0;
  /** Each slot's value until the call finished (then `undefined`, so it can be collected). */
  readonly #values: (TValue | undefined)[];
  /**
   * Each slot's position in the batch; `undefined` while every slot so far is its own position (a
   * batch where no call ended in preflight), so that such a batch stores none.
   */
  #indexes: number[] | undefined = undefined;
  /**
   * Each slot's distinct lock keys (`undefined`: none) and how many key queues it does not head
   * yet, with the slots that may start in the order they became ready (`head` is the next one).
   * `undefined` until a call with lock keys is added: until then every slot is ready as added, and
   * the next one to start is {@link #readyHead} itself — a batch without lock keys (nearly every
   * batch) keeps no per-call bookkeeping besides its values.
   */
  #keyed: KeyedSlots | undefined = undefined;
  #readyHead = 0;
  readonly #capacity: number;
  readonly #keyQueues = new Map<string, KeyQueue>();
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
   * either. `capacity`, when known, is how many calls will be added: the arrays are made that
   * long at once instead of growing (and being copied) while calls are added.
   */
  constructor(
    maxConcurrency: number,
    execute: ((value: TValue) => Promise<TResult>) | CallStarter<TValue, TResult>,
    finish: (value: TValue, index: number, result: TResult) => MaybePromise<void>,
    capacity = 0,
  ) {
    this.#values = new Array(capacity);
    this.#capacity = capacity;
    this.#maxConcurrency = maxConcurrency;
    this.#starter = typeof execute === "function" ? promiseStarter(execute) : execute;
    this.#finish = finish;
  }

  /** Adds a call at batch position `index`. Calls must be added in source order, before {@link run}. */
  add(value: TValue, index: number, keys: readonly string[] | undefined): void {
    this.#remaining++;
    const slot = this.#added++;
    this.#values[slot] = value;
    if (this.#indexes !== undefined) {
      this.#indexes[slot] = index;
    } else if (index !== slot) {
      const indexes = new Array<number>(Math.max(this.#capacity, slot + 1));
      for (let earlier = 0; earlier < slot; earlier++) indexes[earlier] = earlier;
      indexes[slot] = index;
      this.#indexes = indexes;
    }
    let keyed = this.#keyed;
    if (keyed === undefined) {
      if (keys === undefined) return;
      keyed = this.#startKeyed(slot);
    }
    keyed.keys[slot] = keys;
    let blockedBy = 0;
    if (keys !== undefined) {
      for (const key of keys) {
        let queue = this.#keyQueues.get(key);
        if (queue === undefined) {
          queue = { slots: [], head: 0 };
          this.#keyQueues.set(key, queue);
        }
        queue.slots.push(slot);
        if (queue.slots.length - queue.head > 1) blockedBy++;
      }
    }
    keyed.blockedBy[slot] = blockedBy;
    if (blockedBy === 0) keyed.ready.push(slot);
  }

  /** The first call with lock keys (at `slot`): every slot before it was ready as added. */
  #startKeyed(slot: number): KeyedSlots {
    const length = Math.max(this.#capacity, slot + 1);
    const keyed: KeyedSlots = {
      keys: new Array(length),
      blockedBy: new Array(length),
      ready: [],
    };
    for (let earlier = 0; earlier < slot; earlier++) {
      keyed.keys[earlier] = undefined;
      keyed.blockedBy[earlier] = 0;
      keyed.ready.push(earlier);
    }
    this.#keyed = keyed;
    return keyed;
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
    const keyed = this.#keyed;
    let started = 0;
    while (
      this.#running < this.#maxConcurrency &&
      this.#readyHead < (keyed === undefined ? this.#added : keyed.ready.length)
    ) {
      if (started === START_SLICE) {
        this.#sliceQueued = true;
        queueMicrotask(this.#startNextSlice);
        return;
      }
      started++;
      const slot = keyed === undefined ? this.#readyHead : (keyed.ready[this.#readyHead] as number);
      this.#readyHead++;
      this.#running++;
      // No closure per call: the slot is the token, `#done` is shared by every call.
      this.#starter.start(this.#values[slot] as TValue, slot, this.#done);
    }
  }

  readonly #startNextSlice = (): void => {
    this.#sliceQueued = false;
    this.#pump();
  };

  readonly #done = (slot: number, result: TResult): void => {
    this.#running--;
    this.#release(slot);
    this.#pump();
    const value = this.#values[slot] as TValue;
    // The scheduler no longer needs the value: let it go with the call.
    this.#values[slot] = undefined;
    let finishing: MaybePromise<void>;
    try {
      const index = this.#indexes === undefined ? slot : (this.#indexes[slot] as number);
      finishing = this.#finish(value, index, result);
    } catch {
      // Never let one call's bookkeeping stop the batch.
      finishing = undefined;
    }
    if (finishing instanceof Promise) finishing.then(this.#finished, this.#finished);
    else this.#finished();
  };

  readonly #finished = (): void => {
    this.#remaining--;
    if (this.#remaining === 0) this.#resolveDone?.();
  };

  #release(slot: number): void {
    const keyed = this.#keyed;
    if (keyed === undefined) return;
    const keys = keyed.keys[slot];
    if (keys === undefined) return;
    for (const key of keys) {
      const queue = this.#keyQueues.get(key);
      if (queue === undefined) continue;
      queue.head++;
      const next = queue.slots[queue.head];
      if (next === undefined) {
        this.#keyQueues.delete(key);
        continue;
      }
      const blockedBy = (keyed.blockedBy[next] as number) - 1;
      keyed.blockedBy[next] = blockedBy;
      if (blockedBy === 0) keyed.ready.push(next);
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
