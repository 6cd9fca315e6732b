import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toCanonicalJson } from "./to-canonical-json";

describe("toCanonicalJson", () => {
  it.each([
    { rule: "sorts keys", value: { b: 1, a: 2 }, expected: '{"a":2,"b":1}' },
    {
      rule: "sorts nested keys and keeps array order",
      value: { z: [{ y: 1, x: 2 }, 3], a: { d: null, c: true } },
      expected: '{"a":{"c":true,"d":null},"z":[{"x":2,"y":1},3]}',
    },
    {
      rule: "sorts by UTF-16 code units (uppercase before lowercase, astral by surrogates)",
      value: { b: 1, B: 2, é: 3, "\u{1F600}": 4, "\uFF01": 5 },
      expected: '{"B":2,"b":1,"é":3,"\u{1F600}":4,"\uFF01":5}',
    },
    {
      rule: "writes numbers and strings as JSON.stringify does",
      value: { n: 1e21, m: -0, s: 'a"\n\u2028' },
      expected: `{"m":0,"n":1e+21,"s":${JSON.stringify('a"\n\u2028')}}`,
    },
    {
      rule: "leaves out undefined members and writes them as null in arrays",
      value: { a: undefined, b: [undefined, 1] },
      expected: '{"b":[null,1]}',
    },
    {
      rule: "keeps an own __proto__ key",
      value: JSON.parse('{"__proto__":{"x":1}}'),
      expected: '{"__proto__":{"x":1}}',
    },
  ])("should $rule", ({ value, expected }) => {
    expect(toCanonicalJson(value)).toBe(expected);
  });

  it("should give the same text for the same JSON whatever the key order, and parse back to it", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = toCanonicalJson(value);
        const shuffled = JSON.parse(JSON.stringify(value, reverseKeys));
        expect(toCanonicalJson(shuffled)).toBe(text);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        expect(text).not.toMatch(/^\s|\s$/);
      }),
    );
  });

  it("should throw for what JSON cannot carry", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => toCanonicalJson(cyclic)).toThrow(TypeError);
    expect(() => toCanonicalJson({ n: 1n })).toThrow(TypeError);
    expect(() => toCanonicalJson(undefined)).toThrow(TypeError);
  });
});

function reverseKeys(_key: string, value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const reversed: Record<string, unknown> = {};
  for (const key of Object.keys(value).reverse()) {
    Object.defineProperty(reversed, key, {
      value: (value as Record<string, unknown>)[key],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return reversed;
}
