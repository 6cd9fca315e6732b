/** Character tests the format scanners share, by UTF-16 code unit. */

/** `A-Z`, `a-z`, `0-9` and `_` (the regular-expression `\w`). */
export function isWordCharacter(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x5f
  );
}

/** A hexadecimal digit. */
export function isHexDigit(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x46) ||
    (code >= 0x61 && code <= 0x66)
  );
}

/** Whether `text` holds a `%` followed by two hex digits at `index`. */
export function isPercentEncoded(text: string, index: number): boolean {
  return (
    text.charCodeAt(index) === 0x25 &&
    isHexDigit(text.charCodeAt(index + 1)) &&
    isHexDigit(text.charCodeAt(index + 2))
  );
}
