import { describe, expect, it } from "vitest";
import { formats } from "../../formats";
import type { JsonSchema } from "../../types";
import { SchemaCompiler } from "../schema-compiler";
import type { SchemaNode } from "../schema-node";

function rootOf(schema: JsonSchema, draft: "7" | "2020-12" = "2020-12"): SchemaNode {
  return new SchemaCompiler(schema, { draft }, formats).rootNode;
}

const objectSchemas: readonly JsonSchema[] = [
  { type: "object" },
  { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
  { properties: { a: { type: "integer", minimum: 1 } }, additionalProperties: false },
  { patternProperties: { "^x": { type: "number" } }, propertyNames: { maxLength: 3 } },
  { minProperties: 1, maxProperties: 4, dependentRequired: { a: ["b"] } },
  { dependentSchemas: { a: { required: ["c"] } }, required: ["z"] },
];

const arraySchemas: readonly JsonSchema[] = [
  { type: "array" },
  { type: "array", items: { type: "string" } },
  { prefixItems: [{ type: "integer" }], items: false },
  { contains: { type: "null" }, minContains: 2, maxContains: 3, uniqueItems: true },
  { minItems: 1, maxItems: 9 },
];

// The module functions that read shapes stay monomorphic only if every shape has one hidden
// class: the same fields, always present, in the same order, built by one literal.
describe("ObjectShape", () => {
  it("should be frozen and have the same fields in the same order for every object schema", () => {
    const shapes = objectSchemas.map((schema) => rootOf(schema).objectShape);
    for (const shape of shapes) {
      expect(shape).toBeDefined();
      expect(Object.isFrozen(shape)).toBe(true);
      expect(Object.keys(shape!)).toStrictEqual(Object.keys(shapes[0]!));
    }
  });

  it("should record what the keywords say, children as the compiled nodes", () => {
    const root = rootOf({
      type: "object",
      properties: { a: { type: "string" }, b: { type: "array", items: { type: "string" } } },
      required: ["b", "c"],
      additionalProperties: false,
    });
    const shape = root.objectShape!;
    expect(shape.propertyKeys).toStrictEqual(["a", "b"]);
    expect(shape.isRequired).toStrictEqual([false, true]);
    expect(shape.requiredInProperties).toBe(1);
    expect(shape.requiredElsewhere).toStrictEqual(["c"]);
    expect(shape.additionalFalse).toBe(true);
    expect(shape.propertyNodes[1]!.arrayShape).toBeDefined();
    expect(shape.propertyNodes[0]!.schema).toStrictEqual({ type: "string" });
  });

  it("should be absent on a node without object keywords", () => {
    expect(rootOf({ type: "string", minLength: 1 }).objectShape).toBeUndefined();
  });
});

describe("ArrayShape", () => {
  it("should be frozen and have the same fields in the same order for every array schema", () => {
    const shapes = arraySchemas.map((schema) => rootOf(schema).arrayShape);
    for (const shape of shapes) {
      expect(shape).toBeDefined();
      expect(Object.isFrozen(shape)).toBe(true);
      expect(Object.keys(shape!)).toStrictEqual(Object.keys(shapes[0]!));
    }
  });

  it("should read a draft-7 items array as the tuple and additionalItems as the rest", () => {
    const shape = rootOf({ items: [{ type: "string" }], additionalItems: false }, "7").arrayShape!;
    expect(shape.isTuple).toBe(true);
    expect(shape.prefixNodes).toHaveLength(1);
    expect(shape.rest?.schema).toBe(false);
    expect(shape.restKeyword).toBe("additionalItems");
  });
});
