/**
 * Pass 2's conversion table: the rules of TypeBox's `Value.Convert` for one target
 * `type`. A rule that does not apply returns `value` itself, so callers detect a change with `!==`.
 */
export function convertPrimitive(type: string, value: unknown): unknown {
  switch (type) {
    case "number":
      return toNumber(value);
    case "integer":
      return toInteger(value);
    case "boolean":
      return toBoolean(value);
    case "string":
      return toStringValue(value);
    case "null":
      return toNull(value);
    default:
      return value;
  }
}

function toNumber(value: unknown): unknown {
  if (typeof value === "string") {
    const lower = lowerCaseWord(value);
    if (lower === "true") return 1;
    if (lower === "false") return 0;
    const number = +value;
    return Number.isFinite(number) ? number : value;
  }
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value === null) return 0;
  return value;
}

function toInteger(value: unknown): unknown {
  const number = typeof value === "number" ? value : toNumber(value);
  if (typeof number !== "number" || !Number.isFinite(number)) return value;
  // `|| 0` turns the -0 of `Math.trunc(-0.5)` into 0, which is what JSON can carry.
  const integer = Math.trunc(number) || 0;
  return integer === value ? value : integer;
}

function toBoolean(value: unknown): unknown {
  if (typeof value === "string") {
    const lower = lowerCaseWord(value);
    if (lower === "true" || value === "1") return true;
    if (lower === "false" || value === "0") return false;
    return value;
  }
  if (value === 1) return true;
  if (value === 0) return false;
  if (value === null) return false;
  return value;
}

function toStringValue(value: unknown): unknown {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : value;
  if (typeof value === "boolean") return String(value);
  if (value === null) return "null";
  return value;
}

function toNull(value: unknown): unknown {
  if (typeof value === "string") {
    const lower = lowerCaseWord(value);
    return lower === "null" || lower === "undefined" || value === "" || value === "0"
      ? null
      : value;
  }
  if (value === 0 || value === false) return null;
  return value;
}

/**
 * `text` in lower case when it is as long as one of the words the rules compare against
 * (`true`, `null`, `false`, `undefined`), else `text` itself: the common `"42"` then costs no
 * new string.
 */
function lowerCaseWord(text: string): string {
  const length = text.length;
  return length === 4 || length === 5 || length === 9 ? text.toLowerCase() : text;
}
