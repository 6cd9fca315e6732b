/**
 * Pass 3's coercion table, in the style of Ajv's `coerceTypes`: stricter than pass 2
 * (no case folding, no blank strings as 0). A rule that does not apply returns `value` itself.
 */
export function coercePrimitive(type: string, value: unknown): unknown {
  switch (type) {
    case "number":
      return toNumber(value, false);
    case "integer":
      return toNumber(value, true);
    case "boolean":
      return toBoolean(value);
    case "string":
      return toStringValue(value);
    case "null":
      return value === "" || value === 0 || value === false ? null : value;
    default:
      return value;
  }
}

function toNumber(value: unknown, integral: boolean): unknown {
  if (value === null) return 0;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value !== "string" || value.trim() === "") return value;
  const number = +value;
  if (!Number.isFinite(number)) return value;
  if (integral && !Number.isInteger(number)) return value;
  return number;
}

function toBoolean(value: unknown): unknown {
  if (value === "true" || value === 1) return true;
  if (value === "false" || value === 0 || value === null) return false;
  return value;
}

function toStringValue(value: unknown): unknown {
  if (value === null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : value;
  if (typeof value === "boolean") return String(value);
  return value;
}
