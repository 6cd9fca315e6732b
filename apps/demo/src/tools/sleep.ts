import { defineSeam } from "@toolwright/tool-core";

/**
 * Waits `ms` milliseconds or until `signal` aborts, whichever comes first.
 *
 * **Contract:** resolves (never rejects) — the caller checks `signal.aborted` afterwards.
 */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

/**
 * The seam through which `slow_task` waits: real timers in the demo, a gate the test opens when it
 * wants in the tests — so the parallel timeline is tested without wall-clock races.
 */
export const SleepSeam = defineSeam<Sleep>("sleep");

/** The real {@link Sleep}: a timer that is cleared when the signal aborts. */
export const sleepWithTimer: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
