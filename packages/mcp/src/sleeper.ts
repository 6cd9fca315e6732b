/** Timers that can all be cut short at once (a mount's backoff waits, woken when it closes). */
export class Sleeper {
  readonly #pending = new Set<{ timer: ReturnType<typeof setTimeout>; wake: () => void }>();

  /** Resolves after `milliseconds`, or at once when `wakeAll` is called. */
  sleep(milliseconds: number): Promise<void> {
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.#pending.delete(entry);
          resolve();
        }, milliseconds),
        wake: () => resolve(),
      };
      this.#pending.add(entry);
    });
  }

  /** Ends every pending sleep now. */
  wakeAll(): void {
    for (const entry of this.#pending) {
      clearTimeout(entry.timer);
      entry.wake();
    }
    this.#pending.clear();
  }
}
