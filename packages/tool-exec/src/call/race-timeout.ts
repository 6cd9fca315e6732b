/** What {@link raceTimeout} returns when the time limit passed first. */
export interface TimeoutVerdict {
  /** Whether the tool settled within the grace period after its signal aborted. */
  readonly settled: boolean;
}

const TIMED_OUT: unique symbol = Symbol("timed out");
const SETTLED: unique symbol = Symbol("settled");

/**
 * Waits for `pending` for at most `timeoutMs`. If the limit passes first, aborts `controller` with
 * a `TimeoutError` and waits up to `graceMs` more to learn whether the tool stopped; its late value
 * or rejection is then discarded (handled, so never an unhandled rejection). Otherwise resolves or
 * rejects like `pending`. Timers are cleared either way.
 */
export async function raceTimeout(
  pending: unknown,
  timeoutMs: number,
  graceMs: number,
  controller: AbortController,
  reason: string,
): Promise<{ readonly value: unknown } | TimeoutVerdict> {
  const toolPromise = Promise.resolve(pending);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(resolve, timeoutMs, TIMED_OUT);
  });
  try {
    const first = await Promise.race([toolPromise, deadline]);
    if (first !== TIMED_OUT) return { value: first };
  } finally {
    clearTimeout(timer);
  }
  controller.abort(new DOMException(reason, "TimeoutError"));
  let graceTimer: ReturnType<typeof setTimeout> | undefined;
  const grace = new Promise<typeof TIMED_OUT>((resolve) => {
    graceTimer = setTimeout(resolve, graceMs, TIMED_OUT);
  });
  const stopped = toolPromise.then(
    () => SETTLED,
    () => SETTLED,
  );
  const verdict = await Promise.race([stopped, grace]);
  clearTimeout(graceTimer);
  return { settled: verdict === SETTLED };
}
