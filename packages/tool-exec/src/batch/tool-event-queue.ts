import { keepShapeAlive } from "../keep-shape-alive";
import { isPromiseLike } from "../maybe-async";
import type { ToolEventListener, ToolExecutionEvent } from "./tool-events";

/**
 * Delivers a batch's events to `onEvent` one at a time: an event waits until the listener's
 * promise for the previous one settled, so events never overlap, even when parallel calls finish
 * together. A synchronous listener costs no promise at all.
 */
export class ToolEventQueue {
  readonly #listener: ToolEventListener | undefined;
  #tail: Promise<void> | undefined = undefined;

  static {
    // See keep-shape-alive.ts: one queue per batch dies with its batch.
    keepShapeAlive(() => new ToolEventQueue(undefined));
  }

  constructor(listener: ToolEventListener | undefined) {
    this.#listener = listener;
  }

  /** Whether anyone listens; without a listener, events need not be built at all. */
  get isActive(): boolean {
    return this.#listener !== undefined;
  }

  /**
   * Emits `event`. Returns `undefined` when the listener already finished with it (a synchronous
   * throw is thrown), else a promise that settles — rejecting on a listener failure — once it did.
   * The caller must handle that rejection.
   */
  emit(event: ToolExecutionEvent): Promise<void> | undefined {
    const listener = this.#listener;
    if (listener === undefined) return undefined;
    const tail = this.#tail;
    if (tail === undefined) {
      const returned = listener(event);
      if (!isPromiseLike(returned)) return undefined;
      const pending = Promise.resolve(returned) as Promise<void>;
      this.#track(pending);
      return pending;
    }
    const pending = tail.then(() => listener(event));
    this.#track(pending);
    return pending;
  }

  #track(pending: Promise<void>): void {
    const settled = pending.then(ignore, ignore);
    this.#tail = settled;
    settled.then(() => {
      if (this.#tail === settled) this.#tail = undefined;
    });
  }
}

function ignore(): void {}
