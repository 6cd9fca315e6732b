import { isPlainObject } from "./is-plain-object";

/**
 * JSON deep equality, as `enum` compares members. Depth is bounded by the schema literal, which
 * is finite, so the recursion cannot run away on a deep value.
 */
export function isJsonEqual(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (Array.isArray(left)) {
    if (!Array.isArray(right) || left.length !== right.length) return false;
    return left.every((item, index) => isJsonEqual(item, right[index]));
  }
  if (isPlainObject(left)) {
    if (!isPlainObject(right)) return false;
    const keys = Object.keys(left);
    if (keys.length !== Object.keys(right).length) return false;
    return keys.every((key) => Object.hasOwn(right, key) && isJsonEqual(left[key], right[key]));
  }
  return false;
}
