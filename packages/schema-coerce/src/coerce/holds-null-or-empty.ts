import { MAX_VALUE_DEPTH } from "./coercion-run";

/**
 * Whether `value` holds a `null` or a `""` anywhere: itself, an item or a property value, at any
 * depth. Past `MAX_VALUE_DEPTH` levels it answers `true` (not looked at counts as found), so a
 * `false` is always a proof. It reads every key `for…in` yields, a prototype's enumerable keys
 * included: looking at more than the passes do can only answer `true` more often. Reads the value
 * without the schema, which makes it several times cheaper than a pass's walk.
 */
export function holdsNullOrEmpty(value: unknown, depth: number): boolean {
  if (value === null || value === "") return true;
  return typeof value === "object" && holdsInside(value, depth);
}

/** {@link holdsNullOrEmpty} for the items or property values of `container`. */
function holdsInside(container: object, depth: number): boolean {
  if (depth >= MAX_VALUE_DEPTH) return true;
  if (Array.isArray(container)) {
    for (let index = 0; index < container.length; index++) {
      const item: unknown = container[index];
      if (item === null || item === "") return true;
      if (typeof item === "object" && holdsInside(item, depth + 1)) return true;
    }
    return false;
  }
  const object = container as Record<string, unknown>;
  for (const key in object) {
    const child = object[key];
    if (child === null || child === "") return true;
    if (typeof child === "object" && holdsInside(child, depth + 1)) return true;
  }
  return false;
}
