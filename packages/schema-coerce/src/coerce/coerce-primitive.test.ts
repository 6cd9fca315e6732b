import { describe, expect, it } from "vitest";
import { coercePrimitive } from "./coerce-primitive";

// Pass 3's table (SPEC §1.4); `unchanged` rows must return the very same value.
const unchanged = Symbol("unchanged");
type Row = readonly [input: unknown, expected: unknown];

const tables: Record<string, readonly Row[]> = {
  number: [
    [null, 0],
    ["42", 42],
    [" 12 ", 12],
    ["3.5", 3.5],
    [true, 1],
    [false, 0],
    ["", unchanged],
    ["   ", unchanged],
    ["abc", unchanged],
    ["Infinity", unchanged],
    [[1], unchanged],
  ],
  integer: [
    [null, 0],
    ["42", 42],
    [true, 1],
    ["3.5", unchanged],
    [3.5, unchanged],
    ["", unchanged],
  ],
  boolean: [
    ["true", true],
    ["false", false],
    [1, true],
    [0, false],
    [null, false],
    ["TRUE", unchanged],
    ["1", unchanged],
    [2, unchanged],
  ],
  string: [
    [null, ""],
    [42, "42"],
    [true, "true"],
    [{}, unchanged],
  ],
  null: [
    ["", null],
    [0, null],
    [false, null],
    ["null", unchanged],
    ["0", unchanged],
    [1, unchanged],
  ],
};

describe("coercePrimitive", () => {
  for (const [type, rows] of Object.entries(tables)) {
    describe(`to ${type}`, () => {
      it.each(rows.map(([input, expected]) => ({ input, expected })))(
        "should coerce $input as the table says",
        ({ input, expected }) => {
          const result = coercePrimitive(type, input);
          if (expected === unchanged) expect(result).toBe(input);
          else expect(result).toStrictEqual(expected);
        },
      );
    });
  }
});
