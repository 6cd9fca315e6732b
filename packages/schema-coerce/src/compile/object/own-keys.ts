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
  return prototype === objectPrototype ? !hasEnumerableKey(objectPrototype) : prototype === null;
}

/**
 * Whether `for…in` over `object` yields anything. A function of its own: with the loop written
 * inside `enumeratesOwnKeysOnly` (and the `null` test first) validating a valid payload measured
 * about 3% slower in an interleaved A/B, though V8 inlined both forms.
 */
function hasEnumerableKey(object: object): boolean {
  for (const _key in object) return true;
  return false;
}
