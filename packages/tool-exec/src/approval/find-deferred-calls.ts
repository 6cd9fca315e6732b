/**
 * Deferral: after preflight, a call whose lock keys overlap those of an awaiting or
 * deferred call earlier in source order is deferred, and its own keys join the deferred set. That
 * keeps the source-order guarantee of lock keys across a suspension: a later call on the same
 * resource never overtakes a call that waits for a human. One pass, O(total keys).
 */

/** A call of a parallel batch after preflight (step 5a included). */
export interface DeferralEntry {
  /**
   * `awaiting`: waits for a human. `ready`: prepared, would be scheduled. `ended`: settled in
   * preflight (it holds no keys).
   */
  readonly state: "awaiting" | "ready" | "ended";
  /** Its distinct lock keys, or `undefined` for none. */
  readonly lockKeys: readonly string[] | undefined;
}

/**
 * For each entry (source order), whether it is deferred. Only `ready` entries can be; a call
 * without lock keys never is.
 */
export function findDeferredCalls(entries: readonly DeferralEntry[]): boolean[] {
  const deferred = new Array<boolean>(entries.length).fill(false);
  const held = new DeferralKeys();
  for (let index = 0; index < entries.length; index++) {
    const { state, lockKeys } = entries[index] as DeferralEntry;
    if (state === "awaiting") held.hold(lockKeys);
    else if (state === "ready") deferred[index] = held.defers(lockKeys);
  }
  return deferred;
}

/**
 * The rule of {@link findDeferredCalls} for a batch that learns its calls one at a time, in source
 * order: `hold` the keys of each awaiting call, and ask `defers` for each ready one.
 */
export class DeferralKeys {
  readonly #held = new Set<string>();

  /** An awaiting call's keys: later calls overlapping them are deferred. */
  hold(lockKeys: readonly string[] | undefined): void {
    if (lockKeys !== undefined) for (const key of lockKeys) this.#held.add(key);
  }

  /** Whether a ready call with these keys is deferred; if it is, its keys are held too. */
  defers(lockKeys: readonly string[] | undefined): boolean {
    if (lockKeys === undefined || this.#held.size === 0) return false;
    if (!lockKeys.some((key) => this.#held.has(key))) return false;
    this.hold(lockKeys);
    return true;
  }
}

/**
 * Where a sequential batch suspends: the index of the first awaiting call (that call and every
 * later one stay unsettled, the later ones `deferred` without a start event), or `-1` when no
 * call awaits. A sequential batch learns this one call at a time; the runner stops there.
 */
export function findSequentialSuspension(awaiting: readonly boolean[]): number {
  return awaiting.indexOf(true);
}
