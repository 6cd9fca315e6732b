/**
 * Writes `key` on an object this module built. Plain assignment would call the inherited
 * `__proto__` setter when `key` is `"__proto__"` and the copy has no own property of that name.
 */
export function setDataProperty(
  target: Record<string, unknown>,
  key: string,
  value: unknown,
): void {
  Object.defineProperty(target, key, {
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}
