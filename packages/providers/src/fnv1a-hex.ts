/** FNV-1a 32-bit over the UTF-8 bytes of `text`, as 8 lowercase hex digits. */
export function fnv1aHex(text: string): string {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}
