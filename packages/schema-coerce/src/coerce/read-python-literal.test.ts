import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compile } from "../compile";
import { MAX_VALUE_DEPTH } from "./coercion-run";
import { readPythonLiteral } from "./read-python-literal";

/** A JSON value of the literal grammar (no `__proto__` key: the expected value is built by `{}`). */
const literalValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.string({ unit: "binary", maxLength: 8 }),
    fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc
      .dictionary(
        fc.string({ maxLength: 5 }).filter((key) => key !== "__proto__"),
        tie("value"),
        { maxKeys: 4 },
      )
      .map((entries) => ({ ...entries })),
  ),
})).value;

/** A seeded source of writing choices (a small LCG), so fast-check can replay a case. */
interface Choices {
  nextInt(min: number, max: number): number;
  nextBoolean(): boolean;
}

function createChoices(seed: number): Choices {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    nextInt: (min, max) => min + Math.floor(next() * (max - min + 1)),
    nextBoolean: () => next() < 0.5,
  };
}

/** Writes `value` as Python would accept it, choosing quotes, escapes, brackets and blanks. */
function writePython(value: unknown, choices: Choices): string {
  const blank = () => [" ", "", "\n  ", "\t"][choices.nextInt(0, 3)] ?? "";
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") {
    if (Object.is(value, -0)) return "-0.0";
    // Python writes a float beyond 2^53 as a float (`1e+16` or `…0.0`), never as an int.
    const text = String(value);
    return Number.isSafeInteger(value) || /[.e]/.test(text) ? text : `${text}.0`;
  }
  if (typeof value === "string") return writeString(value, choices);
  if (Array.isArray(value)) {
    const items = value.map((item) => `${blank()}${writePython(item, choices)}${blank()}`);
    const tuple = choices.nextBoolean();
    if (!tuple)
      return `[${items.join(",")}${items.length > 0 && choices.nextBoolean() ? "," : ""}]`;
    return `(${items.join(",")}${items.length === 1 ? "," : ""})`;
  }
  const entries = Object.entries(value as object).map(
    ([key, item]) =>
      `${writeString(key, choices)}${blank()}:${blank()}${writePython(item, choices)}`,
  );
  return `{${blank()}${entries.join(`,${blank()}`)}${blank()}}`;
}

function writeString(text: string, choices: Choices): string {
  const quote = choices.nextBoolean() ? "'" : '"';
  let written = "";
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (character === quote || character === "\\") written += `\\${character}`;
    else if (character === "\n") written += "\\n";
    else if (character === "\r") written += "\\r";
    else if (code < 0x20 || code === 0x7f) written += `\\x${code.toString(16).padStart(2, "0")}`;
    else if (code > 0xffff && choices.nextBoolean())
      written += `\\U${code.toString(16).padStart(8, "0")}`;
    else if (code > 0x7f && choices.nextBoolean())
      written += `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}${character.length > 1 ? `\\u${character.charCodeAt(1).toString(16).padStart(4, "0")}` : ""}`;
    else written += character;
  }
  return `${quote}${written}${quote}`;
}

describe("readPythonLiteral", () => {
  it.each([
    ["['a', \"b\"]", ["a", "b"]],
    ["  ( 1 , 2.5 , -3 )  ", [1, 2.5, -3]],
    ["()", []],
    ["('x',)", ["x"]],
    ["(('x'))", "x"],
    ["{'k': [True, False, None], \"j\": {}}", { k: [true, false, null], j: {} }],
    ["{'a': 1, 'a': 2}", { a: 2 }],
    ["[1e3, .5, 5., -0.0, 007.5, 00]", [1000, 0.5, 5, -0, 7.5, 0]],
    ["['\\x41\\101\\u00e9\\U0001F600\\t\\'\\\"\\\\']", ["AAé😀\t'\"\\"]],
    ["['a\\\nb']", ["ab"]],
    ["['\\d\\w']", ["\\d\\w"]],
    ["[\n  'multi',\n  'line',\n]", ["multi", "line"]],
  ])("should read %j", (text, value) => {
    expect(readPythonLiteral(text)).toStrictEqual({ value });
  });

  it.each([
    "[os.remove('x')]",
    "__import__('os')",
    "[1 + 2]",
    "[x]",
    "{'a', 'b'}",
    "{1: 'a'}",
    "{('a',): 1}",
    "[r'a']",
    "[b'a']",
    "[u'a']",
    "['''a''']",
    "['a' 'b']",
    "['a'] # comment",
    "[true, null]",
    "[007]",
    "[1_000]",
    "[0x10]",
    "[1j]",
    "[inf]",
    "[1e400]",
    "[12345678901234567890]",
    "['unclosed",
    "['a\nb']",
    "['\\N{BULLET}']",
    "['\\x4']",
    "['\\U00110000']",
    "[1, 2",
    "[1,, 2]",
    "[,]",
    "[1] [2]",
    "- 5",
    "[- 5]",
    "[1.2.3]",
    "",
  ])("should refuse %j", (text) => {
    expect(readPythonLiteral(text)).toBeUndefined();
  });

  it("should keep __proto__ as a plain key", () => {
    const read = readPythonLiteral("{'__proto__': {'polluted': True}}");
    const value = read?.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("should read nesting up to the coercion depth and refuse deeper, without overflowing", () => {
    const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
    expect(readPythonLiteral(nested(MAX_VALUE_DEPTH))).toBeDefined();
    expect(readPythonLiteral(nested(MAX_VALUE_DEPTH + 1))).toBeUndefined();
    expect(readPythonLiteral(nested(1_000_000))).toBeUndefined();
    expect(readPythonLiteral(`${"{'a': ".repeat(100_000)}1`)).toBeUndefined();
  });

  it("should read large literals in one pass", () => {
    // Linear in the text: a 1 MB string of escapes and a list of 200,000 items. The bound is wide
    // (two shared cores under load), far above what a quadratic reader would need... and below.
    const escapes = `['${"\\n\\x41\\u00e9a".repeat(60_000)}']`;
    const list = `[${Array.from({ length: 200_000 }, (_, index) => `'${index}'`).join(", ")}]`;
    const start = performance.now();
    const read = readPythonLiteral(escapes);
    expect((read?.value as string[] | undefined)?.[0]).toHaveLength(240_000);
    expect(readPythonLiteral(list)?.value).toHaveLength(200_000);
    expect(performance.now() - start).toBeLessThan(30_000);
  });

  it("should read back exactly what Python notation wrote (property)", () => {
    fc.assert(
      fc.property(literalValue, fc.integer(), (value, seed) => {
        const text = writePython(value, createChoices(seed));
        expect(readPythonLiteral(text)).toStrictEqual({ value });
      }),
      { numRuns: 2000, seed: 1015 },
    );
  });

  it("should give the coercer exactly that value for an array or object schema (property)", () => {
    const asArray = compile({ type: "array" }, { coerce: "lossless", parseJsonStrings: true });
    const asObject = compile({ type: "object" }, { coerce: "lossless", parseJsonStrings: true });
    const container = fc.oneof(
      fc.array(literalValue, { minLength: 1, maxLength: 4 }),
      fc
        .dictionary(fc.constantFrom("a", "b", "c"), literalValue, { minKeys: 1, maxKeys: 3 })
        .map((entries) => ({ ...entries })),
    );
    fc.assert(
      fc.property(container, fc.integer(), (value, seed) => {
        const text = writePython(value, createChoices(seed));
        const result = (Array.isArray(value) ? asArray : asObject).parse(text);
        expect(result.ok && result.value).toStrictEqual(value);
        // JSON text is still parse-json; everything else Python's.
        const rule = result.changes[0]?.rule;
        expect(rule === "python-literal" || rule === "parse-json").toBe(true);
      }),
      { numRuns: 1000, seed: 1015 },
    );
  });
});
