import { decimalOfNumber, isSameDecimal, parseDecimalText } from "../compile/decimal-text";

/**
 * The lossless conversion table, used by passes 2 and 3 under `coerce: "lossless"`:
 * only conversions that keep exactly what the model wrote. A rule that does not apply returns
 * `value` itself, so callers detect a change with `!==`.
 *
 * | target  | converts                                                                  |
 * |---------|---------------------------------------------------------------------------|
 * | number  | a decimal numeral string whose value a double holds exactly (`"42"`, `" 1.50 "`, `"1e3"`) |
 * | integer | as number, only when the value is integral (`"5.0"` → 5; `"3.5"` stays)   |
 * | boolean | case-insensitive `"true"` / `"false"`                                     |
 * | string  | finite numbers and booleans → their JSON text                            |
 * | null    | nothing here: `"null"`, `"None"`, `"undefined"` are the `null-string` rule's |
 *
 * Never: `null` → anything, `""` → number / integer / boolean / null, boolean ↔ number, a
 * fraction → an integer, `"0"` / `0` / `false` → `null`, an object or array → a string. The
 * null spellings become `null` only through pass 2's `null-string` rule, reported
 * as such, where the node rejects the string itself.
 */
export function convertLosslessly(type: string, value: unknown): unknown {
  switch (type) {
    case "number":
      return typeof value === "string" ? readExactNumber(value) : value;
    case "integer": {
      if (typeof value !== "string") return value;
      const number = readExactNumber(value);
      return Number.isInteger(number) ? number : value;
    }
    case "boolean":
      // The usual spellings first: no lower-cased copy of the text for them.
      if (value === "true") return true;
      if (value === "false") return false;
      if (typeof value !== "string" || (value.length !== 4 && value.length !== 5)) return value;
      switch (value.toLowerCase()) {
        case "true":
          return true;
        case "false":
          return false;
        default:
          return value;
      }
    case "string":
      if (typeof value === "number") return Number.isFinite(value) ? String(value) : value;
      return typeof value === "boolean" ? String(value) : value;
    default:
      return value;
  }
}

/**
 * The number `text` writes, when it is a plain decimal numeral (blanks around it allowed) whose
 * exact value a double holds: `"0.1"` → 0.1 (0.1's own shortest text), but
 * `"12345678901234567890"` and `"0.30000000000000001"` stay strings, since the number would not
 * be the one the model wrote. Otherwise `text` itself.
 */
function readExactNumber(text: string): unknown {
  const integer = readShortInteger(text);
  if (integer !== undefined) return integer;
  const trimmed = text.trim();
  if (trimmed === "") return text;
  const written = parseDecimalText(trimmed);
  if (written === undefined) return text;
  const number = Number(trimmed);
  if (!Number.isFinite(number)) return text;
  return isSameDecimal(written, decimalOfNumber(number)) ? number : text;
}

/**
 * Digits an integer numeral may have for {@link readShortInteger}: every integer of up to 15
 * digits is a double exactly (2^53 has 16), so its value needs no decimal comparison.
 */
const EXACT_INTEGER_DIGITS = 15;

/**
 * The number `text` writes when it is only an optional sign and 1 to 15 digits (`"42"`, `"-7"`,
 * `"007"`), else `undefined`: the common case of {@link readExactNumber}, answered without reading
 * the numeral and the number into decimals to compare them (same result, a fraction of the work).
 */
function readShortInteger(text: string): number | undefined {
  const length = text.length;
  const sign = text.charCodeAt(0);
  const start = sign === 45 /* - */ || sign === 43 /* + */ ? 1 : 0;
  if (length === start || length - start > EXACT_INTEGER_DIGITS) return undefined;
  // Below 10^15 every step of the sum is an exact double, so this is the numeral's value.
  let magnitude = 0;
  for (let index = start; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code < 48 || code > 57) return undefined;
    magnitude = magnitude * 10 + (code - 48);
  }
  return sign === 45 ? -magnitude : magnitude;
}
