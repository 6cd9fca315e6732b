/**
 * `for…in` yields an object's own enumerable keys and then those its prototypes add. An own-key
 * test per key is the usual guard, but where many object shapes pass through one loop V8 stops
 * reducing that test to a shape check and it became the most expensive line of validation. For
 * the objects JSON gives (prototype `Object.prototype` or `null`) the guard is needed only if
 * `Object.prototype` itself has gained enumerable keys, which one check per object answers.
 */
const getPrototypeOf = Object.getPrototypeOf;
const objectPrototype = Object.prototype;

/**
 * Whether `for…in` over `object` can yield only its own keys: its prototype is `null`, or is
 * `Object.prototype` with no enumerable keys (none, unless something polluted it). When `false`,
 * callers keep testing each key.
 */
export function enumeratesOwnKeysOnly(object: object): boolean {
  const prototype = getPrototypeOf(object);
  if (prototype === null) return true;
  if (prototype !== objectPrototype) return false;
  for (const _key in objectPrototype) return false;
  return true;
}
