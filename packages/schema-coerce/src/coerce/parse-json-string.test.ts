import { describe, expect, it } from "vitest";
import type { CoercionChange, JsonSchema } from "../types";
import { createCoercer } from "./create-coercer";
import { createTestGraph } from "./test-graph";

function coerce(schema: JsonSchema, value: unknown, parseJsonStrings = true) {
  const changes: CoercionChange[] = [];
  const coercer = createCoercer(createTestGraph(schema, { coerce: true, parseJsonStrings }));
  return { value: coercer(value, changes), changes };
}

const strings = { type: "array", items: { type: "string" } };
const integers = { type: "array", items: { type: "integer" } };
const point = {
  type: "object",
  properties: { x: { type: "number" }, label: { type: "string" } },
  required: ["x"],
};

// `parseJsonStrings` (SPEC §1.1) through the whole pipeline; `"kept"` = the same value, no changes
// of rule parse-json.
const rows: readonly { name: string; schema: JsonSchema; input: unknown; expected: unknown }[] = [
  { name: "array of strings", schema: strings, input: '["a","b"]', expected: ["a", "b"] },
  { name: "then converts the items", schema: integers, input: '["1",2]', expected: [1, 2] },
  { name: "leading blanks", schema: integers, input: " \n[1]", expected: [1] },
  {
    name: "object, then pass 1 and pass 2",
    schema: point,
    input: '{"x":"2","label":null}',
    expected: { x: 2 },
  },
  {
    name: "under a type array",
    schema: { type: ["array", "null"], items: { type: "integer" } },
    input: '["4"]',
    expected: [4],
  },
  {
    name: "a union branch",
    schema: { anyOf: [{ type: "null" }, integers] },
    input: "[5]",
    expected: [5],
  },
];

const leftAlone: readonly { name: string; schema: JsonSchema; input: unknown; wrapped: unknown }[] =
  [
    {
      name: "JSON of the wrong kind is wrapped, not parsed",
      schema: strings,
      input: '{"a":1}',
      wrapped: ['{"a":1}'],
    },
    {
      name: "a JSON number for an array is wrapped",
      schema: strings,
      input: "12",
      wrapped: ["12"],
    },
    { name: "invalid JSON is wrapped", schema: strings, input: "[1,", wrapped: ["[1,"] },
    {
      name: "a schema that accepts strings too",
      schema: { type: ["array", "string"] },
      input: "[1]",
      wrapped: "[1]",
    },
    {
      name: "a union with a string branch",
      schema: { anyOf: [{ type: "string" }, integers] },
      input: "[1]",
      wrapped: "[1]",
    },
    {
      name: "a node without type accepts the string",
      schema: { properties: { a: { type: "number" } } },
      input: '{"a":1}',
      wrapped: '{"a":1}',
    },
  ];

describe("parseJsonString", () => {
  it.each(rows)("should parse: $name", ({ schema, input, expected }) => {
    const result = coerce(schema, input);
    expect(result.value).toStrictEqual(expected);
    expect(result.changes[0]).toStrictEqual({
      path: "",
      rule: "parse-json",
      from: input,
      to: JSON.parse(input as string),
    });
  });

  it("should record the parse at the property path, then the conversions inside", () => {
    const schema = { type: "object", properties: { list: integers } };
    const result = coerce(schema, { list: '["1",2]' });
    expect(result.changes).toStrictEqual([
      { path: "/list", rule: "parse-json", from: '["1",2]', to: ["1", 2] },
      { path: "/list/0", rule: "convert", from: "1", to: 1 },
    ]);
  });

  it.each(leftAlone)("should not parse: $name", ({ schema, input, wrapped }) => {
    const result = coerce(schema, input);
    expect(result.value).toStrictEqual(wrapped);
    expect(result.changes.some((change) => change.rule === "parse-json")).toBe(false);
  });

  it("should never parse when parseJsonStrings is off", () => {
    const result = coerce(strings, '["a","b"]', false);
    expect(result.value).toStrictEqual(['["a","b"]']);
  });

  it("should keep a __proto__ key of the JSON as data", () => {
    const schema = { type: "object", additionalProperties: { type: "object" } };
    const result = coerce(schema, '{"__proto__":{"polluted":true}}');
    const value = result.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
