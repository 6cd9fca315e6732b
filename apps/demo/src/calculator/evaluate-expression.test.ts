import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateExpression } from "./evaluate-expression";
import { ExpressionError } from "./expression-error";

describe("evaluateExpression", () => {
  it.each([
    ["1 + 2 * 3", 7],
    ["(1 + 2) * 3", 9],
    ["2 ^ 3 ^ 2", 512],
    ["-2 ^ 2", -4],
    ["10 % 4", 2],
    ["7 / 2", 3.5],
    ["--3", 3],
    [".5 + 1.25e1", 13],
    ["sqrt(16) + abs(-2)", 6],
    ["max(1, 7, 3) - min(4, 2)", 5],
    ["round(2.5) + floor(1.9) + ceil(0.1)", 5],
  ])("should evaluate %s", (source, expected) => {
    expect(evaluateExpression(source)).toBeCloseTo(expected, 10);
  });

  it("should know the constants pi and e, in any case", () => {
    expect(evaluateExpression("2 * Pi")).toBeCloseTo(2 * Math.PI, 12);
    expect(evaluateExpression("e")).toBe(Math.E);
  });

  it.each([
    ["", "The expression is empty"],
    ["1 +", 'Expected a number, a name or "(" at position 3, found the end'],
    ["(1 + 2", 'Expected ")" at position 6, found the end'],
    ["1 + 2)", 'Unexpected ")" at position 5'],
    ["2 $ 3", 'Unexpected character "$" at position 2'],
    ["foo(1)", 'Unknown name "foo" at position 0'],
    ["sqrt(1, 2)", "sqrt() takes 1 argument, got 2 (position 0)"],
    ["1 / 0", "The result is not a finite number (Infinity)"],
    ["sqrt(-1)", "The result is not a finite number (NaN)"],
    ["process.exit(1)", 'Unexpected character "." at position 7'],
    ["constructor", 'Unknown name "constructor" at position 0'],
    ["PI > 3", 'Unexpected character ">" at position 3'],
  ])("should reject %j with a message that says where", (source, message) => {
    const error = catchError(() => evaluateExpression(source));
    expect(error).toBeInstanceOf(ExpressionError);
    expect((error as ExpressionError).message).toBe(message);
  });

  it("should refuse nesting deeper than 64 levels instead of overflowing the stack", () => {
    const deep = `${"(".repeat(10_000)}1${")".repeat(10_000)}`;
    expect(() => evaluateExpression(deep)).toThrow(/nests deeper than 64 levels/);
    expect(evaluateExpression(`${"(".repeat(60)}1${")".repeat(60)}`)).toBe(1);
  });

  it("should only ever return a finite number or throw an ExpressionError, whatever the text", () => {
    const alphabet = fc.constantFrom(..."0123456789.+-*/%^(),e pisqrtmaxab$".split(""));
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: alphabet, maxLength: 40 })), (source) => {
        try {
          expect(Number.isFinite(evaluateExpression(source))).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(ExpressionError);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}
