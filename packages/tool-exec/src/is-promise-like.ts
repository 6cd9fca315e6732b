/**
 * Whether `value` is a thenable — what `await` would wait for. Never throws, even for a value
 * whose `then` getter throws (that value is then treated as a plain value).
 */
export function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) return false;
  try {
    return typeof (value as { then?: unknown }).then === "function";
  } catch {
    return false;
  }
}
