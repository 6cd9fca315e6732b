/** The kind of a value as error messages name it (`got <kind>`). */
export function valueKind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  const kind = typeof value;
  if (kind === "number") return Number.isInteger(value) ? "integer" : "number";
  return kind;
}

/** A non-null, non-array object: the JSON Schema `object` type. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
