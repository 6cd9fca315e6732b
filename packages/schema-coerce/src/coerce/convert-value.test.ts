import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../types";
import { convertValue } from "./convert-value";
import { runPass } from "./test-graph";

interface Row {
  readonly name: string;
  readonly schema: JsonSchema;
  readonly input: unknown;
  /** `"kept"`: the same value comes back and nothing is recorded. */
  readonly expected: unknown;
}

function expectRow({ schema, input, expected }: Row): void {
  const result = runPass(convertValue, schema, input);
  if (expected === "kept") {
    expect(result.value).toBe(input);
    expect(result.changes).toEqual([]);
  } else {
    expect(result.value).toStrictEqual(expected);
  }
}

const strings = { type: "array", items: { type: "string" } };
const integers = { type: "array", items: { type: "integer" } };

const arrayRows: readonly Row[] = [
  { name: "wraps a single value", schema: strings, input: "java", expected: ["java"] },
  { name: "wraps, then converts the item", schema: integers, input: "1", expected: [1] },
  { name: "converts each item", schema: integers, input: ["1", 2, "3.5"], expected: [1, 2, 3] },
  { name: "wraps an object", schema: { type: "array" }, input: { a: 1 }, expected: [{ a: 1 }] },
  { name: "wraps null", schema: strings, input: null, expected: ["null"] },
  { name: "keeps a valid array", schema: integers, input: [1, 2], expected: "kept" },
  {
    name: "never wraps for a prefixItems tuple",
    schema: { type: "array", prefixItems: [{ type: "integer" }] },
    input: "1",
    expected: "kept",
  },
  {
    name: "never wraps for a draft-7 items tuple",
    schema: { type: "array", items: [{ type: "integer" }] },
    input: "1",
    expected: "kept",
  },
  {
    name: "converts tuple positions and the rest",
    schema: {
      type: "array",
      prefixItems: [{ type: "integer" }, { type: "boolean" }],
      items: { type: "string" },
    },
    input: ["1", "true", 3],
    expected: [1, true, "3"],
  },
  {
    name: "converts draft-7 tuple positions and additionalItems",
    schema: { type: "array", items: [{ type: "integer" }], additionalItems: { type: "number" } },
    input: ["1", "2.5"],
    expected: [1, 2.5],
  },
  {
    name: "treats a node with only items as an array",
    schema: { items: { type: "integer" } },
    input: ["1"],
    expected: [1],
  },
];

const objectRows: readonly Row[] = [
  {
    name: "converts each declared property",
    schema: {
      type: "object",
      properties: { offset: { type: "integer" }, force: { type: "boolean" } },
    },
    input: { offset: "10", force: "true" },
    expected: { offset: 10, force: true },
  },
  {
    name: "converts a key by its properties schema, then each matching pattern",
    schema: {
      type: "object",
      properties: { n: { type: "number" } },
      patternProperties: { "^n$": { type: "string" } },
    },
    input: { n: "1.5" },
    expected: { n: "1.5" },
  },
  {
    name: "converts keys matched by patternProperties",
    schema: { type: "object", patternProperties: { "^count_": { type: "integer" } } },
    input: { count_a: "3", other: "3" },
    expected: { count_a: 3, other: "3" },
  },
  {
    name: "converts other keys by additionalProperties",
    schema: {
      type: "object",
      properties: { a: { type: "string" } },
      additionalProperties: { type: "boolean" },
    },
    input: { a: 1, b: "false" },
    expected: { a: "1", b: false },
  },
  {
    name: "leaves undeclared keys alone under additionalProperties: false",
    schema: { type: "object", properties: { n: { type: "number" } }, additionalProperties: false },
    input: { n: "1", extra: "2" },
    expected: { n: 1, extra: "2" },
  },
  {
    name: "treats a node with only properties as an object",
    schema: { properties: { n: { type: "number" } } },
    input: { n: "4" },
    expected: { n: 4 },
  },
  {
    name: "leaves a non-object alone",
    schema: { type: "object", properties: { n: { type: "number" } } },
    input: "x",
    expected: "kept",
  },
  {
    name: "recurses through nested arrays of objects",
    schema: {
      type: "object",
      properties: {
        edits: {
          type: "array",
          items: { type: "object", properties: { line: { type: "integer" } } },
        },
      },
    },
    input: { edits: { line: "7" } },
    expected: { edits: [{ line: 7 }] },
  },
];

const literalRows: readonly Row[] = [
  { name: "const 5 from '5'", schema: { const: 5 }, input: "5", expected: 5 },
  { name: "const true from 'TRUE'", schema: { const: true }, input: "TRUE", expected: true },
  { name: "const '5' from 5", schema: { const: "5" }, input: 5, expected: "5" },
  { name: "const null leaves 'null'", schema: { const: null }, input: "null", expected: "kept" },
  { name: "const 5 leaves '6'", schema: { const: 5 }, input: "6", expected: "kept" },
  { name: "const beats type", schema: { type: "string", const: 1 }, input: "1", expected: 1 },
  { name: "enum keeps an equal member", schema: { enum: ["1", 1] }, input: 1, expected: "kept" },
  {
    name: "enum converts to the first member that fits",
    schema: { enum: ["a", 2, true] },
    input: "2",
    expected: 2,
  },
  { name: "enum booleans", schema: { enum: [true, false] }, input: "false", expected: false },
  { name: "enum with no fitting member", schema: { enum: [1, 2] }, input: "3", expected: "kept" },
  {
    name: "enum needs the whole node to accept",
    schema: { enum: [1, 5], minimum: 3 },
    input: "1",
    expected: "kept",
  },
];

const combinatorRows: readonly Row[] = [
  {
    name: "anyOf keeps a value some branch accepts",
    schema: { anyOf: [{ type: "number" }, { type: "string" }] },
    input: "42",
    expected: "kept",
  },
  {
    name: "anyOf takes the first branch whose conversion fits",
    schema: { anyOf: [{ type: "boolean" }, { type: "number" }] },
    input: "42",
    expected: 42,
  },
  {
    name: "oneOf takes the first branch whose conversion fits",
    schema: { oneOf: [{ type: "null" }, { type: "integer" }] },
    input: "7",
    expected: 7,
  },
  {
    name: "anyOf picks a tagged branch",
    schema: {
      anyOf: [
        {
          type: "object",
          properties: { kind: { const: "a" }, n: { type: "number" } },
          required: ["kind"],
        },
        {
          type: "object",
          properties: { kind: { const: "b" }, flag: { type: "boolean" } },
          required: ["kind"],
        },
      ],
    },
    input: { kind: "b", flag: "true" },
    expected: { kind: "b", flag: true },
  },
  // A plain `anyOf` (annotations only beside it) asks the branch an attempt was made for first;
  // any other keyword beside it must still be checked on the attempt.
  {
    name: "anyOf with only annotations beside it takes the branch whose attempt fits",
    schema: {
      title: "Count",
      description: "a count",
      anyOf: [{ type: "boolean" }, { type: "integer" }],
    },
    input: "3",
    expected: 3,
  },
  {
    name: "anyOf judges an attempt by the keywords beside it too",
    schema: { anyOf: [{ type: "integer" }, { type: "string" }], minimum: 5 },
    input: true,
    expected: "true",
  },
  {
    name: "oneOf judges an attempt by every branch",
    schema: { oneOf: [{ type: "integer" }, { type: "number" }, { type: "string" }] },
    input: true,
    expected: "true",
  },
  {
    name: "anyOf with no branch that fits leaves the value",
    schema: { anyOf: [{ type: "boolean" }, { type: "null" }] },
    input: "abc",
    expected: "kept",
  },
  {
    name: "anyOf then the node's own properties",
    schema: {
      type: "object",
      properties: { n: { type: "integer" } },
      anyOf: [{ required: ["n"] }, { required: ["m"] }],
    },
    input: { n: "1" },
    expected: { n: 1 },
  },
  {
    name: "allOf applies each member in turn, then own properties",
    schema: {
      allOf: [
        { type: "object", properties: { a: { type: "integer" } } },
        { type: "object", properties: { b: { type: "boolean" } } },
      ],
      properties: { c: { type: "string" } },
    },
    input: { a: "1", b: "0", c: 3 },
    expected: { a: 1, b: false, c: "3" },
  },
  {
    name: "follows $ref and ignores keywords beside it",
    schema: {
      $defs: { Count: { type: "integer" } },
      type: "object",
      properties: { n: { $ref: "#/$defs/Count", type: "string" } },
    },
    input: { n: "3" },
    expected: { n: 3 },
  },
  {
    name: "leaves a type array to pass 3",
    schema: { type: ["integer", "null"] },
    input: "3",
    expected: "kept",
  },
  {
    name: "follows a recursive $ref into nested values",
    schema: {
      type: "object",
      properties: { size: { type: "integer" }, children: { type: "array", items: { $ref: "#" } } },
    },
    input: { size: "1", children: [{ size: "2", children: { size: "3" } }] },
    expected: { size: 1, children: [{ size: 2, children: [{ size: 3 }] }] },
  },
];

describe("convertValue", () => {
  it.each(arrayRows)("should follow the array rule: $name", expectRow);
  it.each(objectRows)("should follow the object rule: $name", expectRow);
  it.each(literalRows)("should convert literals: $name", expectRow);
  it.each(combinatorRows)("should handle combinators: $name", expectRow);

  it("should stop on a reference cycle that never moves into the value", () => {
    const schema = { anyOf: [{ $ref: "#" }, { allOf: [{ $ref: "#" }] }] };
    const result = runPass(convertValue, schema, "3");
    expect(result.value).toBe("3");
  });

  it("should record the exact changes, wrapping before converting the item", () => {
    const schema = {
      type: "object",
      properties: {
        "a~b": { type: "integer" },
        tags: integers,
        "x/y": { type: "object", properties: { "n~": { type: "boolean" } } },
      },
    };
    const result = runPass(convertValue, schema, {
      "a~b": "3.5",
      tags: "4",
      "x/y": { "n~": "true" },
    });
    expect(result.changes).toStrictEqual([
      { path: "/a~0b", rule: "convert", from: "3.5", to: 3 },
      { path: "/tags", rule: "convert", from: "4", to: ["4"] },
      { path: "/tags/0", rule: "convert", from: "4", to: 4 },
      { path: "/x~1y/n~0", rule: "convert", from: "true", to: true },
    ]);
  });

  // A property or item schema with one primitive `type` and nothing else that pass 2 reads is
  // converted in place by its parent; these pin which schemas count as such leaves.
  it("should convert leaf properties and items in place, and only true leaves", () => {
    const schema = {
      $defs: { Text: { type: "string" } },
      type: "object",
      properties: {
        plain: { type: "integer", minimum: 0 },
        listed: { type: "integer", enum: [1, 2] },
        fixed: { type: "boolean", const: true },
        referenced: { $ref: "#/$defs/Text", type: "integer" },
        either: { type: "integer", anyOf: [{ type: "string" }] },
        items: { type: "array", items: { type: "number" } },
      },
    };
    const result = runPass(convertValue, schema, {
      plain: "1.5",
      listed: "1.5",
      fixed: "TRUE",
      referenced: true,
      either: true,
      items: ["2", 3, "x", null],
    });
    expect(result.value).toStrictEqual({
      plain: 1,
      listed: "1.5",
      fixed: true,
      referenced: "true",
      either: true,
      items: [2, 3, "x", 0],
    });
    expect(result.changes).toStrictEqual([
      { path: "/plain", rule: "convert", from: "1.5", to: 1 },
      { path: "/fixed", rule: "convert", from: "TRUE", to: true },
      { path: "/referenced", rule: "convert", from: true, to: "true" },
      { path: "/items/0", rule: "convert", from: "2", to: 2 },
      { path: "/items/3", rule: "convert", from: null, to: 0 },
    ]);
  });

  it("should record conversions below declared keys when patterns make it walk the value", () => {
    const schema = {
      type: "object",
      properties: { "a/b": { type: "object", properties: { "n~": { type: "integer" } } } },
      patternProperties: { "^p": { type: "boolean" } },
    };
    const result = runPass(convertValue, schema, { p1: "true", "a/b": { "n~": "2" } });
    expect(result.changes).toStrictEqual([
      { path: "/p1", rule: "convert", from: "true", to: true },
      { path: "/a~1b/n~0", rule: "convert", from: "2", to: 2 },
    ]);
  });

  // A property whose schema pass 2 reads only as a `const` is converted in place by its parent;
  // these pin which schemas count as such literals.
  it("should convert literal properties in place, and only true literals", () => {
    const schema = {
      $defs: { Count: { type: "integer" } },
      type: "object",
      properties: {
        kind: { const: "a" },
        flag: { type: "boolean", const: true },
        count: { $ref: "#/$defs/Count", const: "5" },
        shape: { const: { a: 1 }, properties: { a: { type: "integer" } } },
      },
    };
    const result = runPass(
      convertValue,
      schema,
      { kind: "a", flag: "TRUE", count: "5", shape: '{"a":1}' },
      { parseJsonStrings: true },
    );
    expect(result.value).toStrictEqual({ kind: "a", flag: true, count: 5, shape: { a: 1 } });
    expect(result.changes).toStrictEqual([
      { path: "/flag", rule: "convert", from: "TRUE", to: true },
      { path: "/count", rule: "convert", from: "5", to: 5 },
      { path: "/shape", rule: "parse-json", from: '{"a":1}', to: { a: 1 } },
    ]);
  });

  it("should drop the changes of a union branch that was not taken", () => {
    const schema = {
      anyOf: [
        { type: "object", properties: { n: { type: "number" } }, required: ["missing"] },
        { type: "object", properties: { n: { type: "string" } } },
      ],
    };
    const result = runPass(convertValue, schema, { n: 1 });
    expect(result.value).toStrictEqual({ n: "1" });
    expect(result.changes).toStrictEqual([{ path: "/n", rule: "convert", from: 1, to: "1" }]);
  });
});
