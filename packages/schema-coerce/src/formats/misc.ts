/** Small formats: `uuid` and `regex`. */

const uuidPattern = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

/** An RFC 4122 UUID in its hyphenated hex form. */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

/** An ECMAScript regular expression that compiles with the `u` flag. */
export function isRegex(value: string): boolean {
  try {
    new RegExp(value, "u");
    return true;
  } catch {
    return false;
  }
}
