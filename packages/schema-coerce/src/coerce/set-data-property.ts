/**
 * Writes `key` as an own data property of an object this module built. Plain assignment is safe
 * (and fast) for every key but `__proto__`, whose assignment would call the inherited setter and
 * change the object's prototype; that one key is defined instead.
 */
export function setDataProperty(
  target: Record<string, unknown>,
  key: string,
  value: unknown,
): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  } else {
    target[key] = value;
  }
}
