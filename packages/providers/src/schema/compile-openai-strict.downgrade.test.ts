import { toStrictJsonSchema } from "openai/lib/transform";
import { describe, expect, it } from "vitest";
import { compileToolSchema } from "./compile-tool-schema";

const strict = (parameters: unknown) => compileToolSchema("t", parameters, "openai-chat", true);
const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties,
  ...extra,
});
describe("OpenAI strict: unrepresentable schemas", () => {
  it.each([
    ["a typeless property", object({ a: {} }), "/properties/a", "untyped"],
    ["a true schema", object({ a: true }), "/properties/a", "untyped"],
    [
      "a record",
      object({ a: { type: "object", additionalProperties: { type: "string" } } }),
      "/properties/a",
      "open-object",
    ],
    [
      "additionalProperties true",
      object({ a: { type: "string" } }, { additionalProperties: true }),
      "",
      "open-object",
    ],
    [
      "patternProperties",
      object({ a: object({ b: { type: "string" } }, { patternProperties: { x: {} } }) }),
      "/properties/a",
      "open-object",
    ],
    ["a nested bare object", object({ a: { type: "object" } }), "/properties/a", "open-object"],
    [
      "a tuple",
      object({ a: { type: "array", prefixItems: [{ type: "string" }] } }),
      "/properties/a",
      "tuple",
    ],
    [
      "an items array",
      object({ a: { type: "array", items: [{ type: "string" }] } }),
      "/properties/a",
      "tuple",
    ],
    [
      "an array without items",
      object({ a: { type: "array" } }),
      "/properties/a",
      "array-without-items",
    ],
    [
      "a non-mergeable allOf",
      object({ a: { allOf: [{ type: "string" }, { minLength: 1 }] } }),
      "/properties/a",
      "non-mergeable-allOf",
    ],
    [
      "an external $ref",
      object({ a: { $ref: "https://example.com/s.json" } }),
      "/properties/a",
      "external-ref",
    ],
    [
      "an unresolvable $ref",
      object({ a: { $ref: "#/$defs/Nope" } }),
      "/properties/a",
      "external-ref",
    ],
    ["a $dynamicRef", object({ a: { $dynamicRef: "#node" } }), "/properties/a", "dynamic-ref"],
    ["a nested $id", object({ a: { type: "string", $id: "x" } }), "/properties/a", "nested-id"],
    [
      "an undecidable null",
      object(
        { a: { $ref: "#/$defs/L" } },
        { $defs: { L: { anyOf: [{ $ref: "#/$defs/L" }, { type: "string" }] } } },
      ),
      "/properties/a",
      "unknown-null",
    ],
  ])("should downgrade %s with its pointer and reason", (_name, schema, pointer, reason) => {
    const compiled = strict(schema);
    expect(compiled.strict).toBe(false);
    expect(compiled.downgrade).toContainEqual(expect.objectContaining({ pointer, reason }));
    // The downgraded tool goes out as Pass 0 output.
    expect(compiled.parameters).toEqual(
      compileToolSchema("t", schema, "openai-chat", false).parameters,
    );
  });

  it("should list every problem, not just the first", () => {
    const compiled = strict(object({ a: {}, b: { type: "array" }, c: { type: "object" } }));
    expect(compiled.downgrade.map((problem) => problem.reason)).toEqual([
      "untyped",
      "array-without-items",
      "open-object",
    ]);
  });

  it.each([
    [
      "properties",
      object(
        Object.fromEntries(
          Array.from({ length: 5001 }, (_, index) => [`p${index}`, { type: "string" }]),
        ),
      ),
    ],
    [
      "nesting",
      Array.from({ length: 10 }).reduce<object>(
        (inner) => object({ x: inner }, { required: ["x"] }),
        object({ leaf: { type: "string" } }),
      ),
    ],
    [
      "enum-values",
      object({ e: { enum: Array.from({ length: 1001 }, (_, index) => `v${index}`) } }),
    ],
    [
      "enum-chars",
      object({
        e: { enum: Array.from({ length: 251 }, (_, index) => `${"v".repeat(60)}${index}`) },
      }),
    ],
    [
      "strings",
      object(
        Object.fromEntries(
          Array.from({ length: 100 }, (_, index) => [
            `${"p".repeat(1300)}${index}`,
            { type: "string" },
          ]),
        ),
      ),
    ],
  ])("should refuse a schema over the %s limit", (name, schema) => {
    const compiled = strict(schema);
    expect(compiled.downgrade).toContainEqual({
      pointer: "",
      keyword: name,
      reason: `limit:${name}`,
    });
  });

  it("should accept a schema at the nesting limit", () => {
    const schema = Array.from({ length: 9 }).reduce<object>(
      (inner) => object({ x: inner }, { required: ["x"] }),
      object({ leaf: { type: "string" } }),
    );
    expect(strict(schema).strict).toBe(true);
  });
});

describe("OpenAI strict: the openai SDK's strict helper (O1)", () => {
  it.each([
    [
      "optional and nullable",
      object({ q: { type: "string" }, n: { type: ["integer", "null"] } }, { required: [] }),
    ],
    [
      "nested objects and arrays",
      object({ o: object({ a: { type: "array", items: object({ b: { type: "boolean" } }) } }) }),
    ],
    [
      "recursive $defs",
      object(
        { node: { $ref: "#/$defs/N" } },
        {
          $defs: {
            N: object({ next: { $ref: "#/$defs/N" }, v: { type: "string" } }, { required: ["v"] }),
          },
        },
      ),
    ],
    [
      "wrapped root union",
      { anyOf: [object({ a: { type: "string" } }), object({ b: { type: "number" } })] },
    ],
  ])("should emit a fixpoint of toStrictJsonSchema: %s", (_name, schema) => {
    const compiled = strict(schema);
    expect(compiled.strict).toBe(true);
    expect(toStrictJsonSchema(compiled.parameters as Record<string, unknown>)).toStrictEqual(
      compiled.parameters,
    );
  });
});
