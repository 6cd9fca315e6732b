import { describe, expect, it } from "vitest";
import { convertPrimitive } from "./convert-primitive";

// One table per target type of SPEC §1.4's pass-2 table. `unchanged` rows are the "Not …" cases:
// the rule does not apply and the very same value comes back.
const unchanged = Symbol("unchanged");
type Row = readonly [input: unknown, expected: unknown];

const tables: Record<string, readonly Row[]> = {
  number: [
    ["42", 42],
    ["", 0],
    [" 12 ", 12],
    ["1e3", 1000],
    ["-3.5", -3.5],
    ["true", 1],
    ["FALSE", 0],
    ["True", 1],
    [true, 1],
    [false, 0],
    [null, 0],
    [7, unchanged],
    ["abc", unchanged],
    ["Infinity", unchanged],
    ["1,5", unchanged],
    [[1], unchanged],
    [{}, unchanged],
  ],
  integer: [
    ["42", 42],
    ["3.5", 3],
    [3.5, 3],
    ["-3.5", -3],
    [-0.5, 0],
    ["", 0],
    ["TRUE", 1],
    [false, 0],
    [null, 0],
    [4, unchanged],
    ["abc", unchanged],
    ["Infinity", unchanged],
    ["1,5", unchanged],
  ],
  boolean: [
    ["true", true],
    ["FALSE", false],
    ["True", true],
    ["1", true],
    ["0", false],
    [1, true],
    [0, false],
    [null, false],
    [true, unchanged],
    [2, unchanged],
    ["yes", unchanged],
    [" true", unchanged],
    ["01", unchanged],
    ["", unchanged],
  ],
  string: [
    [42, "42"],
    [1.5, "1.5"],
    [true, "true"],
    [false, "false"],
    [null, "null"],
    ["already", unchanged],
    [[1, 2], unchanged],
    [{ a: 1 }, unchanged],
  ],
  null: [
    ["null", null],
    ["NULL", null],
    ["undefined", null],
    ["Undefined", null],
    ["", null],
    ["0", null],
    [0, null],
    [false, null],
    [null, unchanged],
    ["none", unchanged],
    [1, unchanged],
    [true, unchanged],
    [" ", unchanged],
  ],
};

describe("convertPrimitive", () => {
  for (const [type, rows] of Object.entries(tables)) {
    describe(`to ${type}`, () => {
      it.each(rows.map(([input, expected]) => ({ input, expected })))(
        "should convert $input as the table says",
        ({ input, expected }) => {
          const result = convertPrimitive(type, input);
          if (expected === unchanged) expect(result).toBe(input);
          else expect(result).toStrictEqual(expected);
        },
      );
    });
  }

  it("should leave every value alone for a type it has no rule for", () => {
    const value = { a: 1 };
    expect(convertPrimitive("object", value)).toBe(value);
    expect(convertPrimitive("array", "x")).toBe("x");
  });
});
