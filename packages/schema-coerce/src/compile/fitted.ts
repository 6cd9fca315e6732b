/**
 * Compiled closures keep their arrays for the life of the schema. An array grown by `push`
 * keeps V8's spare capacity (two elements cost about 180 bytes instead of 64), and every empty
 * `[]` is an object of its own; compilers hand their finished arrays through here instead.
 */
const empty: readonly never[] = Object.freeze([]);

/** `array` at its exact size (a copy), or one shared frozen empty array. */
export function fitted<T>(array: readonly T[]): readonly T[] {
  return array.length === 0 ? empty : array.slice();
}

/** `array.map(map)`, which is already of its exact size, or the shared frozen empty array. */
export function fittedMap<T, U>(array: readonly T[], map: (item: T) => U): readonly U[] {
  return array.length === 0 ? empty : array.map(map);
}
