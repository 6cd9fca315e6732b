import { describe, expect, it } from "vitest";
import { formats } from "../../formats";
import type { JsonSchema } from "../../types";
import { SchemaCompiler } from "../schema-compiler";
import type { SchemaNode } from "../schema-node";
import { foldExtraChildren, forEachObjectChild, isClaimedKey } from "./for-each-object-child";
import type { ObjectShape } from "./object-shape";

function shapeOf(schema: JsonSchema): ObjectShape {
  return new SchemaCompiler(schema, {}, formats).rootNode.objectShape!;
}

function visitAll(shape: ObjectShape, object: Record<string, unknown>) {
  const seen: [string, unknown, number][] = [];
  forEachObjectChild(shape, object, seen, (list, key, value, index) => {
    list.push([key, value, index]);
  });
  return seen;
}

const shape = shapeOf({
  properties: { a: { type: "string" }, b: { type: "number" }, c: true },
  patternProperties: { "^x": { type: "integer" }, "^xy": { minimum: 0 } },
  additionalProperties: { type: "boolean" },
});

describe("forEachObjectChild", () => {
  it("should visit each own key once, in the value's order, with its properties index", () => {
    expect(visitAll(shape, { c: 3, a: "x", other: 1, b: 2 })).toStrictEqual([
      ["c", 3, 2],
      ["a", "x", 0],
      ["other", 1, -1],
      ["b", 2, 1],
    ]);
  });

  it("should skip keys a custom prototype adds and keep __proto__ as a plain key", () => {
    const object = Object.create({ inherited: 1 }) as Record<string, unknown>;
    object.a = "own";
    Object.defineProperty(object, "__proto__", { value: 5, enumerable: true });
    expect(visitAll(shape, object)).toStrictEqual([
      ["a", "own", 0],
      ["__proto__", 5, -1],
    ]);
  });
});

describe("foldExtraChildren", () => {
  const fold = (key: string, declared: boolean) => {
    const steps: string[] = [];
    foldExtraChildren(
      shape,
      key,
      declared,
      0,
      steps,
      (list, node: SchemaNode, value, _key, extra) => {
        list.push(extra ? "additional" : JSON.stringify(node.schema));
        return value;
      },
    );
    return steps;
  };

  it("should apply every matching pattern, in schema order, to declared and other keys", () => {
    expect(fold("xy", false)).toStrictEqual(['{"type":"integer"}', '{"minimum":0}']);
    expect(fold("x", true)).toStrictEqual(['{"type":"integer"}']);
  });

  it("should apply additionalProperties only to a key neither declared nor matched", () => {
    expect(fold("other", false)).toStrictEqual(["additional"]);
    expect(fold("a", true)).toStrictEqual([]);
  });

  it("should thread the value through the steps", () => {
    const result = foldExtraChildren(
      shape,
      "xy",
      false,
      1,
      undefined,
      (_state, _node, value) => Number(value) * 10,
    );
    expect(result).toBe(100);
  });
});

describe("isClaimedKey", () => {
  it("should say whether properties or a pattern claim a key", () => {
    expect(isClaimedKey(shape, "a", 0)).toBe(true);
    expect(isClaimedKey(shape, "x1", -1)).toBe(true);
    expect(isClaimedKey(shape, "other", -1)).toBe(false);
  });
});
