/**
 * The index of `key` in `keys` (a schema's `properties` names), or -1, looking from `cursor` on
 * first and then before it. Values usually list their keys in schema order, skipping optional
 * ones, so a walk that moves its cursor past each key it finds meets the next one a few names
 * on. A scan, not a map: a map per object schema cost more to build and keep than the scans it
 * saved, and a `__proto__` name is compared like any other string.
 */
export function findKey(keys: readonly string[], key: string, cursor: number): number {
  for (let position = cursor; position < keys.length; position++) {
    if (keys[position] === key) return position;
  }
  for (let position = 0; position < cursor && position < keys.length; position++) {
    if (keys[position] === key) return position;
  }
  return -1;
}
