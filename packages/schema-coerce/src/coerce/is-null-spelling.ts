/**
 * Whether `value` is a string that spells "nothing" — `"None"` (Python), `"null"` (JSON),
 * `"undefined"` (JavaScript), in any case — which the lossless `null-string` rule reads as `null`
 * where the schema rejects the string itself. Compares character codes, so the
 * common short strings (`"true"`, `"read"`) cost no lower-cased copy.
 */
export function isNullSpelling(value: unknown): value is string {
  if (typeof value !== "string") return false;
  switch (value.length) {
    case 4:
      return equalsIgnoringCase(value, "none") || equalsIgnoringCase(value, "null");
    case 9:
      return equalsIgnoringCase(value, "undefined");
    default:
      return false;
  }
}

/** `text` equals the lower-case ASCII word `lower` when ASCII letters are compared ignoring case. */
function equalsIgnoringCase(text: string, lower: string): boolean {
  for (let index = 0; index < lower.length; index++) {
    // Setting bit 0x20 lower-cases an ASCII letter. Only codes 65–90 and 97–122 are letters:
    // the codes below 65 and from 91 to 96 would match a letter after that too, so they are refused.
    const code = text.charCodeAt(index);
    if (code < 65 || (code > 90 && code < 97)) return false;
    if ((code | 0x20) !== lower.charCodeAt(index)) return false;
  }
  return true;
}
