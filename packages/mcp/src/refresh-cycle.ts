// Debounced, single-flight refreshes: triggers inside the debounce window are one refresh; what
// asks during a running pass is answered by exactly one follow-up pass.
import type { McpToolChanges } from "./mcp-tool-changes";

const noop = () => {};

/** Runs refresh passes for one mount. */
export class RefreshCycle {
  readonly #runPass: () => Promise<McpToolChanges>;
  readonly #debounceMs: number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerWaiters: Array<() => void> = [];
  #running: Promise<McpToolChanges> | undefined;
  #followUp: Promise<McpToolChanges> | undefined;
  #stopped = false;

  constructor(runPass: () => Promise<McpToolChanges>, debounceMs: number) {
    this.#runPass = runPass;
    this.#debounceMs = debounceMs;
  }

  /** Runs a pass now, or — while one runs — the single follow-up pass after it. */
  refresh(): Promise<McpToolChanges> {
    const running = this.#running;
    if (running === undefined) {
      const pass = this.#runPass();
      this.#running = pass;
      const clear = () => {
        if (this.#running === pass) this.#running = undefined;
      };
      pass.then(clear, clear);
      return pass;
    }
    this.#followUp ??= running.then(noop, noop).then(() => {
      this.#followUp = undefined;
      return this.refresh();
    });
    return this.#followUp;
  }

  /** Schedules a refresh after the debounce (a trigger inside the window joins the scheduled one). */
  schedule(): void {
    if (this.#stopped || this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      // The pass registers as running before the waiters look again; its failure is reported by
      // the pass itself (refresh_failed).
      this.refresh().catch(noop);
      this.#wakeTimerWaiters();
    }, this.#debounceMs);
  }

  /** Resolves once no pass runs or is scheduled. */
  async settled(): Promise<void> {
    for (;;) {
      if (this.#timer !== undefined)
        await new Promise<void>((resolve) => this.#timerWaiters.push(resolve));
      else if (this.#followUp !== undefined) await this.#followUp.then(noop, noop);
      else if (this.#running !== undefined) await this.#running.then(noop, noop);
      else return;
    }
  }

  /** Cancels a scheduled refresh and refuses new ones (a running pass finishes on its own). */
  stop(): void {
    this.#stopped = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#wakeTimerWaiters();
  }

  #wakeTimerWaiters(): void {
    const waiters = this.#timerWaiters;
    this.#timerWaiters = [];
    for (const wake of waiters) wake();
  }
}
