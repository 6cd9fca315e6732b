import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../types";
import { dropOptionalNulls, dropOptionalNullsFromRoot } from "./drop-optional-nulls";
import { runPass } from "./test-graph";

const $defs = { Name: { type: "string" } };

// Pass 1's rules (SPEC §1.4). `kept` = the value comes back as the same object, nothing recorded.
const rows: readonly { name: string; schema: JsonSchema; input: unknown; expected: unknown }[] = [
  {
    name: "drops an optional property that rejects null",
    schema: { type: "object", properties: { note: { type: "string" } } },
    input: { note: null, other: 1 },
    expected: { other: 1 },
  },
  {
    name: "keeps a required property",
    schema: { type: "object", properties: { note: { type: "string" } }, required: ["note"] },
    input: { note: null },
    expected: "kept",
  },
  {
    name: "keeps a property whose schema accepts null (nullable)",
    schema: { type: "object", properties: { note: { type: ["string", "null"] } } },
    input: { note: null },
    expected: "kept",
  },
  {
    name: "keeps a property whose schema is a $ref",
    schema: { type: "object", $defs, properties: { note: { $ref: "#/$defs/Name" } } },
    input: { note: null },
    expected: "kept",
  },
  {
    name: "never drops a key matched only by patternProperties",
    schema: { type: "object", patternProperties: { "^x-": { type: "string" } } },
    input: { "x-a": null },
    expected: "kept",
  },
  {
    name: "never drops a key matched only by additionalProperties",
    schema: { type: "object", additionalProperties: { type: "string" } },
    input: { extra: null },
    expected: "kept",
  },
  {
    name: "drops inside patternProperties and additionalProperties values",
    schema: {
      type: "object",
      patternProperties: { "^x-": { type: "object", properties: { a: { type: "string" } } } },
      additionalProperties: { type: "object", properties: { b: { type: "number" } } },
    },
    input: { "x-1": { a: null }, other: { b: null } },
    expected: { "x-1": {}, other: {} },
  },
  {
    name: "drops inside array items and tuple positions",
    schema: {
      type: "object",
      properties: {
        list: { type: "array", items: { type: "object", properties: { a: { type: "string" } } } },
        pair: {
          type: "array",
          prefixItems: [{ type: "object", properties: { b: { type: "string" } } }],
        },
      },
    },
    input: { list: [{ a: null }, { a: "x" }], pair: [{ b: null }] },
    expected: { list: [{}, { a: "x" }], pair: [{}] },
  },
  // Pass 1 skips a subtree whose schema can never drop anything; these pin that it still walks
  // down through levels that cannot drop themselves to one that can.
  {
    name: "drops below levels whose own properties are all required",
    schema: {
      type: "object",
      required: ["a"],
      properties: {
        a: {
          type: "object",
          required: ["b"],
          properties: {
            b: { type: "array", items: { type: "object", properties: { c: { type: "string" } } } },
          },
        },
      },
    },
    input: { a: { b: [{ c: null }] } },
    expected: { a: { b: [{}] } },
  },
  {
    name: "drops an optional property whose schema is false",
    schema: { type: "object", required: ["a"], properties: { a: { type: "string" }, gone: false } },
    input: { a: "x", gone: null },
    expected: { a: "x" },
  },
  {
    name: "keeps nulls under a subtree that can never drop",
    schema: {
      type: "object",
      properties: {
        list: { type: "array", items: { type: "object", required: ["a"], properties: { a: {} } } },
      },
    },
    input: { list: [{ a: null, b: null }] },
    expected: "kept",
  },
  {
    name: "does not look through $ref",
    schema: {
      $defs: { Inner: { type: "object", properties: { a: { type: "string" } } } },
      type: "object",
      properties: { inner: { $ref: "#/$defs/Inner" } },
    },
    input: { inner: { a: null } },
    expected: "kept",
  },
  ...(["anyOf", "oneOf", "allOf"] as const).map((keyword) => ({
    name: `does not look through ${keyword}`,
    schema: { [keyword]: [{ type: "object", properties: { a: { type: "string" } } }] },
    input: { a: null },
    expected: "kept",
  })),
  {
    name: "does not look through if/then/else or not",
    schema: {
      if: true,
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword here.
      then: { type: "object", properties: { a: { type: "string" } } },
      not: { type: "object", properties: { a: { type: "string" } } },
    },
    input: { a: null },
    expected: "kept",
  },
];

describe("dropOptionalNulls", () => {
  it.each(rows)("should follow the rule: $name", ({ schema, input, expected }) => {
    const result = runPass(dropOptionalNulls, schema, input);
    if (expected === "kept") {
      expect(result.value).toBe(input);
      expect(result.changes).toEqual([]);
    } else {
      expect(result.value).toStrictEqual(expected);
    }
  });

  it("should record each removal with its path, rule, from and to", () => {
    const schema = {
      type: "object",
      properties: {
        "a/b": { type: "string" },
        list: { type: "array", items: { type: "object", properties: { c: { type: "number" } } } },
      },
    };
    const result = runPass(dropOptionalNulls, schema, { "a/b": null, list: [{}, { c: null }] });
    expect(result.changes).toStrictEqual([
      { path: "/a~1b", rule: "drop-null", from: null, to: undefined },
      { path: "/list/1/c", rule: "drop-null", from: null, to: undefined },
    ]);
  });

  it("should share the unchanged siblings of a removed property", () => {
    const kept = { deep: [1, 2] };
    const schema = { type: "object", properties: { note: { type: "string" } } };
    const result = runPass(dropOptionalNulls, schema, { note: null, kept });
    expect((result.value as { kept: unknown }).kept).toBe(kept);
  });
});

describe("dropOptionalNullsFromRoot", () => {
  const item = {
    type: "object",
    required: ["id", "mode"],
    properties: {
      id: { type: "integer" },
      mode: { type: "string", default: "fast" },
      note: { type: "string" },
    },
  };
  // Defaults only below an array, only in one pattern's objects, none at all, and a recursive
  // schema: the cases where the shortcut's schema fact decides.
  const schemas: readonly JsonSchema[] = [
    {
      type: "object",
      properties: { items: { type: "array", items: item }, tag: { type: "string" } },
    },
    { type: "object", patternProperties: { "^x": item }, properties: { n: { type: "number" } } },
    {
      type: "object",
      properties: { a: { type: "string" }, b: { type: "array", items: { type: "number" } } },
    },
    {
      $defs: {
        tree: {
          type: "object",
          required: ["kind"],
          properties: {
            kind: { type: "string", default: "leaf" },
            children: { type: "array", items: { $ref: "#/$defs/tree" } },
            label: { type: "string" },
          },
        },
      },
      $ref: "#/$defs/tree",
    },
    {
      type: "object",
      properties: { kind: { type: "string" }, children: { type: "array", items: { $ref: "#" } } },
    },
  ];
  const values = fc
    .jsonValue({ maxDepth: 4 })
    .chain((value) =>
      fc.constantFrom(
        value,
        { items: [value, { id: 1 }, { id: 2, mode: "slow", note: value }], tag: value },
        { x1: { id: value }, x2: { mode: null, id: 3 }, n: value },
        { kind: value, children: [{ children: [{ label: value }] }, {}], label: "" },
      ),
    );

  it.each(["lossless", true] as const)(
    "should return what the pass returns and record the same changes (coerce: %s)",
    (coerce) => {
      fc.assert(
        fc.property(fc.constantFrom(...schemas), values, (schema, value) => {
          const direct = runPass(dropOptionalNulls, schema, value, { coerce });
          const fromRoot = runPass(dropOptionalNullsFromRoot, schema, value, { coerce });
          expect(fromRoot.value).toStrictEqual(direct.value);
          expect(fromRoot.changes).toStrictEqual(direct.changes);
          if (direct.value === value) expect(fromRoot.value).toBe(value);
        }),
        { numRuns: 400 },
      );
    },
  );

  it("should still fill a required default where the value holds no null", () => {
    const schema = { type: "object", properties: { items: { type: "array", items: item } } };
    const result = runPass(
      dropOptionalNullsFromRoot,
      schema,
      { items: [{ id: 1 }] },
      {
        coerce: "lossless",
      },
    );
    expect(result.value).toStrictEqual({ items: [{ id: 1, mode: "fast" }] });
    expect(result.changes).toStrictEqual([
      { path: "/items/0/mode", rule: "default", from: undefined, to: "fast" },
    ]);
  });

  it('should leave a value without null or "" untouched where no default can be filled', () => {
    const schema = { type: "object", properties: { a: { type: "string" }, b: { type: "number" } } };
    const value = { a: "x", b: "5" };
    const result = runPass(dropOptionalNullsFromRoot, schema, value, { coerce: "lossless" });
    expect(result.value).toBe(value);
    expect(result.changes).toStrictEqual([]);
  });
});
