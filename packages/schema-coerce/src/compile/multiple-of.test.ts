import { describe, expect, it } from "vitest";
import { compile } from "../compile";
import { createMultipleOfTest } from "./multiple-of";

// Exact decimal arithmetic (SPEC §1.2, §7): each number is the decimal it is written as. Every
// row was worked out by hand as decimals, not as binary floats.
describe("createMultipleOfTest", () => {
  it.each([
    // The three wrong answers of the old float test with a tolerance.
    [-0.999999999, 0.5, false], // -0.999999999 / 0.5 = -1.999999998
    [123456789.00001, 0.01, false], // = 12345678900.001
    [1e21, 0.3, false], // 10^21 / (3/10) = 10^22 / 3, not an integer
    // And what must stay true.
    [0.0075, 0.0001, true],
    [0.3, 0.1, true],
    [1.1, 0.1, true],
    [1e21, 0.5, true],
    [2 ** 53 + 2, 2, true], // past the safe integers: the remainder of doubles is exact
    [1e308, 1e-300, true],
    [123456789.01, 0.01, true],
    [-2.5, 0.5, true],
    [0, 0.7, true],
    [4.5, 1.5, true],
    [4.6, 1.5, false],
    [1e-7, 1e-8, true],
    [1.5e-7, 1e-7, false],
    [7, 2, false],
    [1e308, 0.123456789, false],
  ])("should judge %d a multiple of %d: %s", (value, divisor, expected) => {
    expect(createMultipleOfTest(divisor)(value)).toBe(expected);
  });

  it("should reject non-finite values", () => {
    const test = createMultipleOfTest(0.5);
    expect([test(Number.POSITIVE_INFINITY), test(Number.NaN)]).toStrictEqual([false, false]);
  });

  it("should report through compile with the divisor as written", () => {
    expect(compile({ multipleOf: 0.01 }).errors(123456789.00001)).toStrictEqual([
      { path: "", keyword: "multipleOf", message: "expected a multiple of 0.01" },
    ]);
  });
});
