/**
 * A shallow copy of `source` that keeps every own enumerable key as a plain data property.
 * Object spread defines properties (it never invokes the `__proto__` setter), so a `__proto__`
 * key stays an own data property and the copy's prototype is `Object.prototype`.
 */
export function copyObject(source: Record<string, unknown>): Record<string, unknown> {
  return { ...source };
}
