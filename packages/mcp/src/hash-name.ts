/**
 * 8 lowercase hex digits of a 32-bit FNV-1a hash of `text`'s UTF-16 code units: short, stable
 * across runs and platforms, and browser-safe (no `node:crypto`). Used to keep shortened or
 * colliding tool names apart, not for security.
 */
export function hashName(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}
