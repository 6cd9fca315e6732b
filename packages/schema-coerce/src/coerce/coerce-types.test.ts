import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../types";
import { coerceTypes } from "./coerce-types";
import { runPass } from "./test-graph";

interface Row {
  readonly name: string;
  readonly schema: JsonSchema;
  readonly input: unknown;
  /** `"kept"`: the same value comes back and nothing is recorded. */
  readonly expected: unknown;
}

const rows: readonly Row[] = [
  {
    name: "integer or null from '3'",
    schema: { type: ["integer", "null"] },
    input: "3",
    expected: 3,
  },
  {
    name: "integer or null keeps null",
    schema: { type: ["integer", "null"] },
    input: null,
    expected: "kept",
  },
  {
    name: "integer or null: '3.5' stays",
    schema: { type: ["integer", "null"] },
    input: "3.5",
    expected: "kept",
  },
  {
    name: "integer or null: '' becomes null",
    schema: { type: ["integer", "null"] },
    input: "",
    expected: null,
  },
  {
    name: "number or null: true becomes 1",
    schema: { type: ["number", "null"] },
    input: true,
    expected: 1,
  },
  {
    name: "a value matching a later listed type stays",
    schema: { type: ["null", "number"] },
    input: 0,
    expected: "kept",
  },
  {
    name: "string before number",
    schema: { type: ["string", "number"] },
    input: true,
    expected: "true",
  },
  {
    name: "number before string",
    schema: { type: ["number", "string"] },
    input: true,
    expected: 1,
  },
  {
    name: "boolean or string: 'true' stays a string",
    schema: { type: ["boolean", "string"] },
    input: "true",
    expected: "kept",
  },
  {
    name: "boolean or null from 'false'",
    schema: { type: ["boolean", "null"] },
    input: "false",
    expected: false,
  },
  { name: "single type: string from null", schema: { type: "string" }, input: null, expected: "" },
  {
    name: "descends into properties where type lists object",
    schema: { type: ["object", "null"], properties: { n: { type: ["integer", "null"] } } },
    input: { n: "4" },
    expected: { n: 4 },
  },
  {
    name: "does not descend without type object",
    schema: { properties: { n: { type: "integer" } } },
    input: { n: "4" },
    expected: "kept",
  },
  {
    name: "descends into items where type lists array",
    schema: { type: ["array", "null"], items: { type: "number" } },
    input: ["1", 2],
    expected: [1, 2],
  },
  {
    name: "does not wrap",
    schema: { type: ["array", "null"], items: { type: "number" } },
    input: "1",
    expected: "kept",
  },
  {
    name: "does not follow $ref",
    schema: {
      $defs: { N: { type: "number" } },
      type: "object",
      properties: { n: { $ref: "#/$defs/N" } },
    },
    input: { n: "1" },
    expected: "kept",
  },
  {
    name: "does not drop nulls",
    schema: { type: "object", properties: { n: { type: "integer" } } },
    input: { n: null },
    expected: { n: 0 },
  },
  {
    name: "applies allOf members in turn",
    schema: { allOf: [{ type: ["integer", "string"] }, { type: ["integer", "null"] }] },
    input: true,
    expected: 1,
  },
  {
    name: "anyOf keeps a value some branch accepts",
    schema: { anyOf: [{ type: "string" }, { type: "integer" }] },
    input: "3",
    expected: "kept",
  },
  {
    name: "anyOf takes the first branch whose coercion that branch accepts",
    schema: { anyOf: [{ type: "boolean" }, { type: ["integer", "null"] }] },
    input: "3",
    expected: 3,
  },
  {
    name: "oneOf as anyOf",
    schema: { oneOf: [{ type: "null" }, { type: "number", minimum: 10 }, { type: "number" }] },
    input: "5",
    expected: 5,
  },
];

describe("coerceTypes", () => {
  it.each(rows)("should coerce by type: $name", ({ schema, input, expected }) => {
    const result = runPass(coerceTypes, schema, input);
    if (expected === "kept") {
      expect(result.value).toBe(input);
      expect(result.changes).toEqual([]);
    } else {
      expect(result.value).toStrictEqual(expected);
    }
  });

  it("should record coerce-type changes with their paths", () => {
    const schema = {
      type: "object",
      properties: { list: { type: "array", items: { type: ["integer", "null"] } } },
    };
    const result = runPass(coerceTypes, schema, { list: [1, "2", ""] });
    expect(result.changes).toStrictEqual([
      { path: "/list/1", rule: "coerce-type", from: "2", to: 2 },
      { path: "/list/2", rule: "coerce-type", from: "", to: null },
    ]);
  });

  it("should coerce leaf properties and items in place by pass 3's own table", () => {
    // Pass 2 leaves a type array alone, so pass 3 descends; its table is stricter than pass 2's.
    const schema = {
      type: ["object", "null"],
      properties: {
        n: { type: "integer" },
        strict: { type: "integer" },
        flags: { type: ["array", "null"], items: { type: "boolean" } },
      },
    };
    const result = runPass(coerceTypes, schema, {
      n: "5",
      strict: "1.5",
      flags: ["true", "TRUE", false],
    });
    expect(result.value).toStrictEqual({ n: 5, strict: "1.5", flags: [true, "TRUE", false] });
    expect(result.changes).toStrictEqual([
      { path: "/n", rule: "coerce-type", from: "5", to: 5 },
      { path: "/flags/0", rule: "coerce-type", from: "true", to: true },
    ]);
  });

  it("should read keywords beside $ref in 2020-12 but not in draft 7", () => {
    const schema = {
      definitions: { Any: {} },
      type: "object",
      properties: { n: { $ref: "#/definitions/Any", type: ["integer", "null"] } },
    };
    expect(runPass(coerceTypes, schema, { n: "2" }).value).toStrictEqual({ n: 2 });
    const input = { n: "2" };
    expect(runPass(coerceTypes, schema, input, { draft: "7" }).value).toBe(input);
  });
});
