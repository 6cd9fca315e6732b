/**
 * `Object.prototype.hasOwnProperty`, called as `objectHasOwnProperty.call(object, key)`. Inside a
 * `for…in` loop over `object`, V8 reduces exactly that call to a check of the object's shape, so
 * there it costs a fraction of `Object.hasOwn` (which it does not reduce). Elsewhere either is fine.
 */
export const objectHasOwnProperty: (this: object, key: PropertyKey) => boolean =
  Object.prototype.hasOwnProperty;
