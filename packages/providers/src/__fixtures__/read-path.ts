/** Test support: the value at `path` inside a JSON value, `undefined` where the path breaks. */
export function readPath(value: unknown, ...path: readonly (string | number)[]): unknown {
  let current = value;
  for (const segment of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[segment];
  }
  return current;
}
