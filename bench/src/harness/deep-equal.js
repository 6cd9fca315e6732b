// JSON deep equality, key order ignored: the correctness check compares parsed values with the
// expected ones, and a library may rebuild an object with its keys in another order.

/**
 * @param {unknown} left
 * @param {unknown} right
 * @returns {boolean}
 */
export function deepEqual(left, right) {
  if (left === right) return true;
  if (typeof left !== "object" || typeof right !== "object" || left === null || right === null) {
    return false;
  }
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  if (Array.isArray(left) && Array.isArray(right)) {
    return (
      left.length === right.length && left.every((item, index) => deepEqual(item, right[index]))
    );
  }
  const leftKeys = Object.keys(left);
  const rightKeys = Object.keys(right);
  if (leftKeys.length !== rightKeys.length) return false;
  return leftKeys.every(
    (key) =>
      Object.hasOwn(right, key) &&
      deepEqual(/** @type {any} */ (left)[key], /** @type {any} */ (right)[key]),
  );
}
