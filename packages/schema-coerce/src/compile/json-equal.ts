import { isPlainObject } from "./value-kind";

const hasOwn = Object.hasOwn;

/** JSON deep equality (`1` equals `1.0`; key order does not matter). Allocates nothing. */
export function jsonEqual(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== "object" || typeof right !== "object" || left === null || right === null) {
    return false;
  }
  if (Array.isArray(left)) {
    if (!Array.isArray(right) || left.length !== right.length) return false;
    for (let index = 0; index < left.length; index++) {
      if (!jsonEqual(left[index], right[index])) return false;
    }
    return true;
  }
  if (!isPlainObject(right) || Array.isArray(right)) return false;
  const leftObject = left as Record<string, unknown>;
  let count = 0;
  for (const key in leftObject) {
    if (!hasOwn(leftObject, key)) continue;
    if (!hasOwn(right, key) || !jsonEqual(leftObject[key], right[key])) return false;
    count++;
  }
  for (const key in right) {
    if (hasOwn(right, key)) count--;
  }
  return count === 0;
}
