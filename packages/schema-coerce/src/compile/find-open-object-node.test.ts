import { describe, expect, it } from "vitest";
import { compile } from "../compile";
import { getValidator } from "../get-validator";
import { SchemaError } from "../schema-error";
import type { JsonSchema } from "../types";

function refusal(schema: JsonSchema): SchemaError | undefined {
  try {
    compile(schema, { requireClosedObjects: true });
  } catch (error) {
    if (SchemaError.isInstance(error)) return error;
    throw error;
  }
  return undefined;
}

describe("compile option requireClosedObjects", () => {
  it.each([
    [{ type: "object" }, "#/"],
    [
      {
        type: ["object", "null"],
        additionalProperties: false,
        properties: { a: { type: "object" } },
      },
      "#/properties/a",
    ],
    [{ type: "array", items: { type: "object", properties: {} } }, "#/items"],
    [{ additionalProperties: false, $defs: { "a/b": { type: "object" } } }, "#/$defs/a~1b"],
    [{ anyOf: [{ type: "string" }, { type: "object" }] }, "#/anyOf/1"],
    [{ items: [{ type: "object" }] }, "#/items/0"],
  ])("should refuse the open object node of %j at %s", (schema, place) => {
    const error = refusal(schema);
    expect(error?.code).toBe("UNSUPPORTED_SCHEMA");
    expect(error?.message).toBe(
      `an object schema must set additionalProperties (requireClosedObjects) (at ${place})`,
    );
  });

  it("should accept objects closed or explicitly open, and object-like nodes without a type", () => {
    const closed = {
      type: "object",
      additionalProperties: false,
      properties: { a: { type: "object", additionalProperties: true }, b: { properties: {} } },
    };
    expect(refusal(closed)).toBeUndefined();
    expect(compile({ type: "object" }).check({})).toBe(true);
  });

  it("should be one of the options getValidator tells apart", () => {
    const schema = { type: "object" };
    expect(getValidator(schema).check({})).toBe(true);
    expect(() => getValidator(schema, { requireClosedObjects: true })).toThrow(SchemaError);
  });
});
