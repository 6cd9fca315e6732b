/**
 * The executor's one idiom for steps that are synchronous unless user code returns a promise: a
 * step returns `T | Promise<T>`, and the next step runs at once when it can. A batch of thousands
 * of synchronous calls then pays no promise (and no microtask) per call for nothing.
 *
 * Two checks, one per kind of value: a `MaybePromise` the executor made is a native promise or not
 * (`instanceof Promise`); a value user code returned goes through `isPromiseLike`
 * once and, when it is a thenable, through `Promise.resolve` — so a hostile `then` becomes a
 * rejection the step handles, never a throw.
 */

/** A value now, or a native promise of it. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * Whether `value` is a thenable — what `await` would wait for. Never throws, even for a value
 * whose `then` getter throws or a revoked Proxy (that value is then treated as a plain value).
 */
export function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) return false;
  try {
    return typeof (value as { then?: unknown }).then === "function";
  } catch {
    return false;
  }
}
