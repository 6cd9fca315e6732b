/**
 * Canonical JSON: what `JSON.stringify` writes, but with every object's keys sorted by UTF-16 code
 * units and no whitespace (the ordering of RFC 8785). Two values that are equal as JSON give the
 * same string, whatever order their keys were written in, so a signature over it survives a
 * round trip through any JSON store.
 */

/**
 * The canonical JSON of `value` after `JSON.stringify` semantics (`toJSON`, `undefined` members
 * left out, non-finite numbers as `null`). Throws what `JSON.stringify` throws (a cycle, a bigint)
 * and a `RangeError` for a value nested too deep for the stack.
 */
export function toCanonicalJson(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError(`a ${typeof value} is not a JSON value`);
  return writeCanonical(JSON.parse(text));
}

// String concatenation rather than an array of parts joined at the end: V8 builds ropes, and the
// parts array grew worse than linearly on large states (measured against a JSON round trip).
function writeCanonical(value: unknown): string {
  if (typeof value !== "object" || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) {
    let text = "[";
    for (let index = 0; index < value.length; index++) {
      if (index > 0) text += ",";
      text += writeCanonical(value[index]);
    }
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let text = "{";
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    if (index > 0) text += ",";
    text += `${JSON.stringify(key)}:${writeCanonical(record[key])}`;
  }
  return `${text}}`;
}
