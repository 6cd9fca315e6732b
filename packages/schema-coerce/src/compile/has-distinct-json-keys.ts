import { isPlainObject } from "./value-kind";

/**
 * Whether no two of `items` are equal by JSON deep equality (the `jsonEqual` relation: `1`
 * equals `1.0`, key order does not matter), in n·log n: scalars go into a `Set` as they are, and
 * objects and arrays into another as a canonical text (keys sorted). Leaves JSON does not have
 * (`undefined`, functions, symbols, BigInts, `NaN`) equal only themselves, as under `===`.
 *
 * May throw a `RangeError` for an item nested deeper than the stack allows; the validator turns
 * that into "invalid", as for any value too deep to judge.
 */
export function hasDistinctJsonKeys(items: readonly unknown[]): boolean {
  const scalars = new Set<unknown>();
  const structures = new Set<string>();
  const identities = new Map<unknown, number>();
  for (const item of items) {
    if (typeof item === "object" && item !== null) {
      const key = canonicalText(item, identities);
      if (structures.has(key)) return false;
      structures.add(key);
    } else {
      // `Set` compares by SameValueZero: `0` and `-0` are one value (as `===` says); `NaN`
      // equals nothing under `===`, so it never counts as a repeat.
      if (Number.isNaN(item)) continue;
      if (scalars.has(item)) return false;
      scalars.add(item);
    }
  }
  return true;
}

function canonicalText(value: unknown, identities: Map<unknown, number>): string {
  if (Array.isArray(value)) {
    let text = "[";
    for (let index = 0; index < value.length; index++) {
      if (index > 0) text += ",";
      text += canonicalText(value[index], identities);
    }
    return `${text}]`;
  }
  if (isPlainObject(value)) {
    const keys = Object.keys(value).sort();
    let text = "{";
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index] as string;
      if (index > 0) text += ",";
      text += `${JSON.stringify(key)}:${canonicalText(value[key], identities)}`;
    }
    return `${text}}`;
  }
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "boolean":
      return value ? "true" : "false";
    case "number":
      if (Number.isFinite(value)) return String(value);
      break;
    default:
      if (value === null) return "null";
  }
  // Not JSON: equal only to itself. A NaN gets a fresh token each time (it equals nothing).
  const isNaNValue = Number.isNaN(value);
  let token = isNaNValue ? undefined : identities.get(value);
  if (token === undefined) {
    token = identities.size + 1;
    identities.set(isNaNValue ? Symbol() : value, token);
  }
  return `#${token}`;
}
