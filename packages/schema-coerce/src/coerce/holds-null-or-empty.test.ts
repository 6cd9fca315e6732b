import { describe, expect, it } from "vitest";
import { MAX_VALUE_DEPTH } from "./coercion-run";
import { holdsNullOrEmpty } from "./holds-null-or-empty";

function nest(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = { next: value };
  return value;
}

const rows: readonly { name: string; value: unknown; expected: boolean }[] = [
  { name: "null itself", value: null, expected: true },
  { name: '"" itself', value: "", expected: true },
  { name: "a scalar", value: 0, expected: false },
  { name: "a blank string that is not empty", value: " ", expected: false },
  { name: "false", value: false, expected: false },
  { name: "a flat object without either", value: { a: "x", b: 0, c: false }, expected: false },
  { name: "a null property", value: { a: "x", b: null }, expected: true },
  {
    name: 'a "" deep in arrays and objects',
    value: { a: [{ b: [1, { c: "" }] }] },
    expected: true,
  },
  { name: "a null array item", value: [1, 2, null], expected: true },
  { name: "empty containers", value: { a: [], b: {} }, expected: false },
  { name: "a null 50 levels down", value: nest(50, null), expected: true },
  { name: "no null 50 levels down", value: nest(50, 1), expected: false },
];

describe("holdsNullOrEmpty", () => {
  it.each(rows)("should answer $expected for $name", ({ value, expected }) => {
    expect(holdsNullOrEmpty(value, 0)).toBe(expected);
  });

  it("should answer true past the depth limit, where it stops looking", () => {
    expect(holdsNullOrEmpty(nest(MAX_VALUE_DEPTH + 5, 1), 0)).toBe(true);
    expect(holdsNullOrEmpty(nest(MAX_VALUE_DEPTH - 1, 1), 0)).toBe(false);
  });

  it("should read a null-prototype object's keys, and a __proto__ key as a plain key", () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { a: null });
    expect(holdsNullOrEmpty(bare, 0)).toBe(true);
    expect(holdsNullOrEmpty(JSON.parse('{"__proto__": null}'), 0)).toBe(true);
  });
});
