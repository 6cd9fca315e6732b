/**
 * Runs a parallel batch's prepared calls under two limits: at most `maxConcurrency` executing at
 * once, and never two calls whose lock keys overlap. Each lock key has a queue in source order; a
 * call may start only when it heads the queue of every key it holds, so overlapping calls run in
 * source order and no two calls can wait on each other (every queue is ordered the same way).
 * Starting and releasing a call costs O(its keys) — no step scans the batch.
 */
import { keepShapeAlive } from "../keep-shape-alive";

/** What the scheduler needs of a call. */
export interface SchedulableCall {
  /** The call's distinct lock keys, or `undefined` for none. */
  readonly lockKeys: readonly string[] | undefined;
  /** Scheduler state: how many key queues the call does not head yet. */
  blockedBy: number;
}

interface KeyQueue<TCall> {
  readonly calls: TCall[];
  head: number;
}

/** Schedules a batch's calls; see the file header. */
export class ToolCallScheduler<TCall extends SchedulableCall> {
  readonly #maxConcurrency: number;
  readonly #execute: (call: TCall) => Promise<unknown>;
  readonly #finish: (call: TCall) => Promise<void> | undefined;
  readonly #ready: TCall[] = [];
  #readyHead = 0;
  readonly #keyQueues = new Map<string, KeyQueue<TCall>>();
  #running = 0;
  #remaining = 0;
  #resolveDone: (() => void) | undefined = undefined;

  static {
    // See keep-shape-alive.ts: one scheduler per batch dies with its batch.
    const noop = () => undefined;
    keepShapeAlive(() => new ToolCallScheduler(1, () => Promise.resolve(), noop));
  }

  /**
   * `execute` runs a call (must not reject); `finish` runs after its slot and keys were released
   * (emitting its end event) and must not reject either.
   */
  constructor(
    maxConcurrency: number,
    execute: (call: TCall) => Promise<unknown>,
    finish: (call: TCall) => Promise<void> | undefined,
  ) {
    this.#maxConcurrency = maxConcurrency;
    this.#execute = execute;
    this.#finish = finish;
  }

  /** Adds a call. Calls must be added in source order, before {@link run}. */
  add(call: TCall): void {
    this.#remaining++;
    const keys = call.lockKeys;
    call.blockedBy = 0;
    if (keys !== undefined) {
      for (const key of keys) {
        let queue = this.#keyQueues.get(key);
        if (queue === undefined) {
          queue = { calls: [], head: 0 };
          this.#keyQueues.set(key, queue);
        }
        queue.calls.push(call);
        if (queue.calls.length - queue.head > 1) call.blockedBy++;
      }
    }
    if (call.blockedBy === 0) this.#ready.push(call);
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
    while (this.#running < this.#maxConcurrency && this.#readyHead < this.#ready.length) {
      const call = this.#ready[this.#readyHead] as TCall;
      this.#readyHead++;
      this.#running++;
      void this.#runOne(call);
    }
  }

  async #runOne(call: TCall): Promise<void> {
    try {
      await this.#execute(call);
    } catch {
      // `execute` does not reject; if it ever did, the slot must still be released.
    }
    this.#running--;
    this.#release(call);
    this.#pump();
    try {
      const finishing = this.#finish(call);
      if (finishing !== undefined) await finishing;
    } catch {
      // Same: never let one call's bookkeeping stop the batch.
    }
    this.#remaining--;
    if (this.#remaining === 0) this.#resolveDone?.();
  }

  #release(call: TCall): void {
    const keys = call.lockKeys;
    if (keys === undefined) return;
    for (const key of keys) {
      const queue = this.#keyQueues.get(key);
      if (queue === undefined) continue;
      queue.head++;
      const next = queue.calls[queue.head];
      if (next === undefined) {
        this.#keyQueues.delete(key);
        continue;
      }
      next.blockedBy--;
      if (next.blockedBy === 0) this.#ready.push(next);
    }
  }
}
