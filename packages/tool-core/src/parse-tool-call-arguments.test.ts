import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseToolCallArguments } from "./parse-tool-call-arguments";

describe("parseToolCallArguments", () => {
  it.each([
    ["", {}],
    ["   \n\t", {}],
    ['{"path":"a.txt"}', { path: "a.txt" }],
    ['{"n": 1, "nested": {"list": [1, 2]}}', { n: 1, nested: { list: [1, 2] } }],
  ])("should parse %j into arguments without an error", (text, expected) => {
    const parsed = parseToolCallArguments(text);
    expect(parsed.arguments).toEqual(expected);
    expect(parsed.argumentsError).toBeUndefined();
  });

  it.each([
    ["[1,2]", "Tool arguments must be a JSON object"],
    ["42", "Tool arguments must be a JSON object"],
    ['"text"', "Tool arguments must be a JSON object"],
    ["null", "Tool arguments must be a JSON object"],
    ['{"path": "a.txt"', "Tool arguments are not valid JSON: "],
    ["{path: 1}", "Tool arguments are not valid JSON: "],
  ])("should give {} and an error for %j", (text, reason) => {
    const parsed = parseToolCallArguments(text);
    expect(parsed.arguments).toEqual({});
    expect(parsed.argumentsError?.startsWith(reason)).toBe(true);
    expect(parsed.argumentsError?.endsWith(`\n\nReceived arguments:\n${text}`)).toBe(true);
  });

  it("should keep __proto__ and constructor as plain data", () => {
    const parsed = parseToolCallArguments(
      '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}',
    );
    expect(Object.getPrototypeOf(parsed.arguments)).toBe(Object.prototype);
    expect(Object.hasOwn(parsed.arguments, "__proto__")).toBe(true);
    expect(parsed.arguments.constructor).toEqual({ prototype: { x: 1 } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("should refuse a value that is not a string instead of throwing", () => {
    const parsed = parseToolCallArguments(42 as unknown as string);
    expect(parsed.arguments).toEqual({});
    expect(parsed.argumentsError).toContain("Tool arguments must be a JSON object");
  });

  it("should fail cleanly on 10,000-deep JSON", () => {
    const text = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`;
    expect(() => parseToolCallArguments(text)).not.toThrow();
  });

  it("should never throw and never touch Object.prototype, for any string (property, 2,000 runs)", () => {
    const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
    const jsonish = fc.oneof(
      fc.string(),
      fc.json(),
      fc.json().map((text) => `{"__proto__":${text},"constructor":{"prototype":${text}}}`),
    );
    fc.assert(
      fc.property(jsonish, (text) => {
        const parsed = parseToolCallArguments(text);
        expect(typeof parsed.arguments).toBe("object");
        expect(Array.isArray(parsed.arguments)).toBe(false);
        if (parsed.argumentsError !== undefined) expect(parsed.arguments).toEqual({});
      }),
      { numRuns: 2_000 },
    );
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
  });
});
