/**
 * A shallow copy of a plain object: every own enumerable key, in order, as data. A spread (not
 * `Object.assign`) defines each key, so a `__proto__` key is copied as plain data.
 */
export function copyObject(source: Record<string, unknown>): Record<string, unknown> {
  return { ...source };
}
