import { enumeratesOwnKeysOnly } from "../compile/object";
import { MAX_VALUE_DEPTH } from "./coercion-run";

// `hasOwnProperty.call` inside for-in is a pattern V8 optimises; `Object.hasOwn` is not.
const ownProperty = Object.prototype.hasOwnProperty;

/**
 * Whether `value` holds a `null` or a `""` anywhere: itself, an item or an own enumerable
 * property value, at any depth. Past `MAX_VALUE_DEPTH` levels it answers `true` (not looked at
 * counts as found), so a `false` is always a proof. Reads the value without the schema, which
 * makes it several times cheaper than a pass's walk.
 */
export function holdsNullOrEmpty(value: unknown, depth: number): boolean {
  if (value === null || value === "") return true;
  if (typeof value !== "object") return false;
  if (depth >= MAX_VALUE_DEPTH) return true;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      if (holdsNullOrEmpty(value[index], depth + 1)) return true;
    }
    return false;
  }
  const object = value as Record<string, unknown>;
  const ownOnly = enumeratesOwnKeysOnly(object);
  for (const key in object) {
    if (!ownOnly && !ownProperty.call(object, key)) continue;
    if (holdsNullOrEmpty(object[key], depth + 1)) return true;
  }
  return false;
}
