import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../types";
import { removeAdditional } from "./remove-additional";
import { runPass } from "./test-graph";

interface Row {
  readonly name: string;
  readonly schema: JsonSchema;
  readonly input: unknown;
  /** `"kept"`: the same value comes back and nothing is recorded. */
  readonly expected: unknown;
}

const closed = {
  type: "object",
  properties: { path: { type: "string" } },
  patternProperties: { "^x-": true },
  additionalProperties: false,
};

const rows: readonly Row[] = [
  {
    name: "drops an undeclared key",
    schema: closed,
    input: { path: "a", extra: 1 },
    expected: { path: "a" },
  },
  {
    name: "keeps keys matched by patternProperties",
    schema: closed,
    input: { "x-a": 1 },
    expected: "kept",
  },
  {
    name: "keeps undeclared keys when additionalProperties is not false",
    schema: { type: "object", properties: { a: true } },
    input: { b: 1 },
    expected: "kept",
  },
  {
    name: "drops inside nested objects and array items",
    schema: { type: "object", properties: { list: { type: "array", items: closed } } },
    input: { list: [{ path: "a", bad: 1 }, { path: "b" }] },
    expected: { list: [{ path: "a" }, { path: "b" }] },
  },
  {
    name: "follows $ref",
    schema: {
      $defs: { Closed: closed },
      type: "object",
      properties: { inner: { $ref: "#/$defs/Closed" } },
    },
    input: { inner: { bad: 1 } },
    expected: { inner: {} },
  },
  {
    name: "drops a __proto__ key as data",
    schema: closed,
    input: JSON.parse('{"path":"a","__proto__":{"polluted":true}}'),
    expected: { path: "a" },
  },
  {
    name: "applies allOf members",
    schema: { allOf: [closed] },
    input: { path: "a", bad: 1 },
    expected: { path: "a" },
  },
  {
    name: "leaves a union alone when a branch accepts the value",
    schema: { anyOf: [closed, { type: "object" }] },
    input: { path: "a", bad: 1 },
    expected: "kept",
  },
  {
    name: "trims for the first union branch that then accepts",
    schema: {
      anyOf: [
        {
          type: "object",
          properties: { a: { type: "string" } },
          required: ["a"],
          additionalProperties: false,
        },
        {
          type: "object",
          properties: { b: { type: "string" } },
          required: ["b"],
          additionalProperties: false,
        },
      ],
    },
    input: { b: "x", c: 1 },
    expected: { b: "x" },
  },
];

describe("removeAdditional", () => {
  it.each(rows)("should follow the rule: $name", ({ schema, input, expected }) => {
    const result = runPass(removeAdditional, schema, input, { removeAdditional: true });
    if (expected === "kept") {
      expect(result.value).toBe(input);
      expect(result.changes).toEqual([]);
    } else {
      expect(result.value).toStrictEqual(expected);
    }
  });

  it("should record each removal with the removed value", () => {
    const result = runPass(
      removeAdditional,
      closed,
      { path: "a", extra: [1] },
      { removeAdditional: true },
    );
    expect(result.changes).toStrictEqual([
      { path: "/extra", rule: "remove-additional", from: [1], to: undefined },
    ]);
  });

  it("should record removals below declared keys that need escaping", () => {
    const schema = {
      type: "object",
      properties: { "a/b": closed, "c~d": { type: "array", items: closed } },
      additionalProperties: false,
    };
    const result = runPass(
      removeAdditional,
      schema,
      { "a/b": { path: "x", e1: 1 }, "c~d": [{ e2: 2 }], "e/3": 3 },
      { removeAdditional: true },
    );
    expect(result.changes).toStrictEqual([
      { path: "/a~1b/e1", rule: "remove-additional", from: 1, to: undefined },
      { path: "/c~0d/0/e2", rule: "remove-additional", from: 2, to: undefined },
      { path: "/e~13", rule: "remove-additional", from: 3, to: undefined },
    ]);
  });
});
