import { describe, expect, it } from "vitest";
import { compile } from "./compile";
import { SchemaError } from "./schema-error";
import type { JsonSchema } from "./types";

function compileError(schema: unknown, options = {}): SchemaError {
  try {
    compile(schema as JsonSchema, options);
  } catch (error) {
    if (SchemaError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("compile did not throw");
}

describe("SchemaError", () => {
  it.each([
    [
      "a → b → a",
      { $ref: "#/$defs/a", $defs: { a: { $ref: "#/$defs/b" }, b: { $ref: "#/$defs/a" } } },
    ],
    ["a → a", { properties: { x: { $ref: "#/$defs/a" } }, $defs: { a: { $ref: "#/$defs/a" } } }],
    ["the root to itself", { $ref: "#" }],
    [
      "with siblings beside $ref",
      {
        $defs: { a: { type: "string", $ref: "#/$defs/b" }, b: { $ref: "#/$defs/a" } },
        $ref: "#/$defs/a",
      },
    ],
  ])("should refuse a $ref chain that never reaches a schema: %s", (_name, schema) => {
    const error = compileError(schema);
    expect(error.code).toBe("INVALID_SCHEMA");
    expect(error.message).toMatch(/\$ref chain .* never reaches a schema/);
  });

  it("should accept recursion that moves into the value and chains that end", () => {
    const tree = { type: "object", properties: { child: { $ref: "#" } } };
    const chain = {
      $ref: "#/$defs/a",
      $defs: { a: { $ref: "#/$defs/b" }, b: { type: "integer" } },
    };
    expect(compile(tree).check({ child: { child: {} } })).toBe(true);
    expect(compile(chain).check(3)).toBe(true);
    expect(compile(chain, { draft: "7" }).check("x")).toBe(false);
  });

  it.each([
    [{ type: 5 }, "INVALID_SCHEMA", "#/type"],
    [{ type: "text" }, "INVALID_SCHEMA", "#/type"],
    [{ required: "a" }, "INVALID_SCHEMA", "#/required"],
    [{ properties: { a: { minLength: -1 } } }, "INVALID_SCHEMA", "#/properties/a/minLength"],
    [{ properties: { a: 5 } }, "INVALID_SCHEMA", "#/properties/a"],
    [{ items: { $ref: 7 } }, "INVALID_SCHEMA", "#/items/$ref"],
    [{ anyOf: [] }, "INVALID_SCHEMA", "#/anyOf"],
    [{ multipleOf: 0 }, "INVALID_SCHEMA", "#/multipleOf"],
    [{ properties: { a: { pattern: "(" } } }, "INVALID_PATTERN", "#/properties/a/pattern"],
    [{ patternProperties: { "[": true } }, "INVALID_PATTERN", "#/patternProperties/["],
    [{ $ref: "#/$defs/missing" }, "UNRESOLVED_REF", "#/$ref"],
    [{ $ref: "http://example.com/other.json" }, "UNRESOLVED_REF", "#/$ref"],
    [[], "INVALID_SCHEMA", "#"],
    // Reached through an anchor: the place is the anchor's, escaped and indexed.
    [
      { $defs: { "a/b": { $anchor: "x", type: 5 } }, $ref: "#x" },
      "INVALID_SCHEMA",
      "#/$defs/a~1b/type",
    ],
    [
      { $defs: { a: { items: [{ $anchor: "y", minimum: "q" }] } }, $ref: "#y" },
      "INVALID_SCHEMA",
      "#/$defs/a/items/0/minimum",
    ],
  ])("should reject %j with %s naming %s", (schema, code, place) => {
    const error = compileError(schema);
    expect(error).toBeInstanceOf(SchemaError);
    expect(error.code).toBe(code);
    expect(error.message).toContain(place);
  });

  it("should pass the regex engine's error through as the cause", () => {
    const error = compileError({ pattern: "(" });
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it("should fail a 10,000-deep schema cleanly", () => {
    let schema: Record<string, unknown> = { type: "string" };
    for (let depth = 0; depth < 10_000; depth++) schema = { items: schema };
    const error = compileError(schema);
    expect(error.code).toBe("INVALID_SCHEMA");
  });

  it("should recognise an error branded by another copy of the package", () => {
    const foreign = new Error("from another copy");
    Object.defineProperty(foreign, Symbol.for("@toolwright/schema-coerce.SchemaError"), {
      value: true,
    });
    expect(SchemaError.isInstance(foreign)).toBe(true);
    expect(SchemaError.isInstance(new Error("plain"))).toBe(false);
    expect(SchemaError.isInstance(null)).toBe(false);
  });
});
