import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compile } from "./compile";
import type { JsonSchema, SchemaIssue } from "./types";

function issuesOf(schema: JsonSchema, value: unknown, options = {}): SchemaIssue[] {
  return compile(schema, options).errors(value);
}

function nest(depth: number, wrap: (inner: unknown) => unknown): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = wrap(value);
  return value;
}

describe("compile", () => {
  describe("messages (SPEC §1.3)", () => {
    it.each<[string, JsonSchema, unknown, SchemaIssue]>([
      [
        "type",
        { type: "number" },
        "x",
        { path: "", keyword: "type", message: "expected number, got string" },
      ],
      [
        "type list",
        { type: ["string", "null"] },
        1,
        { path: "", keyword: "type", message: "expected string or null, got integer" },
      ],
      [
        "type kind number",
        { type: "string" },
        1.5,
        { path: "", keyword: "type", message: "expected string, got number" },
      ],
      [
        "type kind array",
        { type: "object" },
        [],
        { path: "", keyword: "type", message: "expected object, got array" },
      ],
      [
        "required",
        { type: "object", required: ["name"] },
        {},
        { path: "/name", keyword: "required", message: "missing" },
      ],
      [
        "additionalProperties",
        { type: "object", additionalProperties: false },
        { x: 1 },
        { path: "/x", keyword: "additionalProperties", message: "unknown field" },
      ],
      [
        "unevaluatedProperties",
        { type: "object", unevaluatedProperties: false },
        { x: 1 },
        { path: "/x", keyword: "unevaluatedProperties", message: "unknown field" },
      ],
      [
        "enum",
        { enum: ["a", 1] },
        "b",
        { path: "", keyword: "enum", message: 'expected one of ["a",1]' },
      ],
      [
        "const",
        { const: { a: 1 } },
        { a: 2 },
        { path: "", keyword: "const", message: 'expected {"a":1}' },
      ],
      [
        "minLength",
        { minLength: 3 },
        "ab",
        { path: "", keyword: "minLength", message: "expected at least 3 characters" },
      ],
      [
        "maxLength",
        { maxLength: 1 },
        "ab",
        { path: "", keyword: "maxLength", message: "expected at most 1 characters" },
      ],
      [
        "pattern",
        { pattern: "^a+$" },
        "b",
        { path: "", keyword: "pattern", message: "expected to match ^a+$" },
      ],
      ["minimum", { minimum: 5 }, 4, { path: "", keyword: "minimum", message: "expected >= 5" }],
      ["maximum", { maximum: 5 }, 6, { path: "", keyword: "maximum", message: "expected <= 5" }],
      [
        "exclusiveMinimum",
        { exclusiveMinimum: 5 },
        5,
        { path: "", keyword: "exclusiveMinimum", message: "expected > 5" },
      ],
      [
        "exclusiveMaximum",
        { exclusiveMaximum: 5 },
        5,
        { path: "", keyword: "exclusiveMaximum", message: "expected < 5" },
      ],
      [
        "multipleOf",
        { multipleOf: 0.5 },
        0.7,
        { path: "", keyword: "multipleOf", message: "expected a multiple of 0.5" },
      ],
      [
        "minItems",
        { minItems: 2 },
        [1],
        { path: "", keyword: "minItems", message: "expected at least 2 items" },
      ],
      [
        "maxItems",
        { maxItems: 1 },
        [1, 2],
        { path: "", keyword: "maxItems", message: "expected at most 1 items" },
      ],
      [
        "uniqueItems",
        { uniqueItems: true },
        [{ a: 1 }, { a: 1 }],
        { path: "", keyword: "uniqueItems", message: "expected unique items" },
      ],
      [
        "minProperties",
        { minProperties: 1 },
        {},
        { path: "", keyword: "minProperties", message: "expected at least 1 properties" },
      ],
      [
        "maxProperties",
        { maxProperties: 0 },
        { a: 1 },
        { path: "", keyword: "maxProperties", message: "expected at most 0 properties" },
      ],
      [
        "oneOf several",
        { oneOf: [{ type: "integer" }, { minimum: 0 }] },
        1,
        { path: "", keyword: "oneOf", message: "matches more than one alternative" },
      ],
      [
        "not",
        { not: { type: "string" } },
        "x",
        { path: "", keyword: "not", message: "must not match the schema in not" },
      ],
      [
        "false schema",
        { properties: { a: false } },
        { a: 1 },
        { path: "/a", keyword: "false", message: "no value is allowed here" },
      ],
    ])("should report %s", (_name, schema, value, expected) => {
      expect(issuesOf(schema, value)).toStrictEqual([expected]);
    });

    it("should report format failures only when formats are on", () => {
      expect(issuesOf({ format: "date" }, "2024-13-01")).toStrictEqual([]);
      expect(issuesOf({ format: "date" }, "2024-13-01", { formats: true })).toStrictEqual([
        { path: "", keyword: "format", message: "expected format date" },
      ]);
    });

    it("should use a custom format map", () => {
      const compiled = compile(
        { format: "even" },
        { formats: { even: (text) => text.length % 2 === 0 } },
      );
      expect(compiled.check("ab")).toBe(true);
      expect(compiled.errors("abc")).toStrictEqual([
        { path: "", keyword: "format", message: "expected format even" },
      ]);
    });

    it("should report only the type when a node's type fails", () => {
      expect(issuesOf({ type: "string", minLength: 5, pattern: "^x" }, 12)).toStrictEqual([
        { path: "", keyword: "type", message: "expected string, got integer" },
      ]);
    });

    it("should collect every failing place, with escaped pointers", () => {
      const schema = {
        type: "object",
        properties: {
          "a/b": { type: "integer" },
          list: { type: "array", items: { type: "string" } },
        },
        required: ["name", "a/b"],
      };
      expect(issuesOf(schema, { "a/b": "1", list: ["x", 2, 3] })).toStrictEqual([
        { path: "/name", keyword: "required", message: "missing" },
        { path: "/a~1b", keyword: "type", message: "expected integer, got string" },
        { path: "/list/1", keyword: "type", message: "expected string, got integer" },
        { path: "/list/2", keyword: "type", message: "expected string, got integer" },
      ]);
    });
  });

  describe("union errors", () => {
    const shape = (kind: string, extra: Record<string, unknown>) => ({
      type: "object",
      properties: { kind: { const: kind }, ...extra },
      required: ["kind", ...Object.keys(extra)],
    });
    const tagged = {
      anyOf: [
        shape("circle", { radius: { type: "number" } }),
        shape("square", { side: { type: "number" } }),
      ],
    };

    it("should pick a tagged union's branch by its tag", () => {
      expect(issuesOf(tagged, { kind: "square", side: "big" })).toStrictEqual([
        { path: "/side", keyword: "type", message: "expected number, got string" },
      ]);
    });

    it("should report an unknown tag as one enum issue at the tag", () => {
      expect(issuesOf({ oneOf: tagged.anyOf }, { kind: "triangle" })).toStrictEqual([
        { path: "/kind", keyword: "enum", message: 'expected one of ["circle","square"]' },
      ]);
    });

    it("should accept one-value enums as tags", () => {
      const schema = {
        anyOf: [
          { type: "object", properties: { op: { enum: ["add"] }, n: { type: "integer" } } },
          { type: "object", properties: { op: { enum: ["del"] }, id: { type: "string" } } },
        ],
      };
      expect(issuesOf(schema, { op: "del", id: 5 })).toStrictEqual([
        { path: "/id", keyword: "type", message: "expected string, got integer" },
      ]);
    });

    it("should pick the untagged branch whose type matches", () => {
      const schema = {
        anyOf: [
          { type: "string", minLength: 2 },
          { type: "object", properties: { a: { type: "integer" } }, required: ["a"] },
        ],
      };
      expect(issuesOf(schema, { a: "x" })).toStrictEqual([
        { path: "/a", keyword: "type", message: "expected integer, got string" },
      ]);
      expect(issuesOf(schema, "x")).toStrictEqual([
        { path: "", keyword: "minLength", message: "expected at least 2 characters" },
      ]);
    });

    it("should give one combined type issue when no branch's type fits", () => {
      expect(issuesOf({ anyOf: [{ type: "integer" }, { type: "array" }] }, "x")).toStrictEqual([
        { path: "", keyword: "type", message: "expected integer or array, got string" },
      ]);
    });

    it("should pick the branch with the fewest failing keywords", () => {
      const schema = {
        anyOf: [
          { type: "string", minLength: 5, not: { const: "bb" } },
          { type: "string", maxLength: 1 },
        ],
      };
      expect(issuesOf(schema, "bb")).toStrictEqual([
        { path: "", keyword: "maxLength", message: "expected at most 1 characters" },
      ]);
    });
  });

  describe("references", () => {
    it("should fail only the dangling reference's values with unresolvedRefs: reject", () => {
      const schema = {
        type: "object",
        properties: { good: { type: "integer" }, bad: { $ref: "#/$defs/nothing" } },
      };
      const compiled = compile(schema, { unresolvedRefs: "reject" });
      expect(compiled.check({ good: 1 })).toBe(true);
      expect(compiled.errors({ good: "x", bad: 1 })).toStrictEqual([
        { path: "/good", keyword: "type", message: "expected integer, got string" },
        { path: "/bad", keyword: "$ref", message: "unresolved reference #/$defs/nothing" },
      ]);
    });

    it("should resolve documents given in options.schemas", () => {
      const compiled = compile(
        { $ref: "https://example.com/name.json" },
        { schemas: { "https://example.com/name.json": { type: "string", minLength: 1 } } },
      );
      expect(compiled.check("a")).toBe(true);
      expect(compiled.check("")).toBe(false);
    });

    it("should validate recursive schemas", () => {
      const tree = {
        type: "object",
        properties: { children: { type: "array", items: { $ref: "#" } } },
        additionalProperties: false,
      };
      const compiled = compile(tree);
      expect(compiled.check({ children: [{ children: [] }, {}] })).toBe(true);
      expect(compiled.errors({ children: [{ children: [{ x: 1 }] }] })).toStrictEqual([
        {
          path: "/children/0/children/0/x",
          keyword: "additionalProperties",
          message: "unknown field",
        },
      ]);
    });

    it("should read draft-7 tuples (TypeBox Type.Tuple) in 2020-12 mode", () => {
      const tuple = {
        type: "array",
        items: [{ type: "string" }, { type: "integer" }],
        additionalItems: false,
      };
      const compiled = compile(tuple);
      expect(compiled.check(["a", 1])).toBe(true);
      expect(compiled.check(["a", 1, 2])).toBe(false);
      expect(compiled.check([1, "a"])).toBe(false);
    });
  });

  describe("numbers and strings", () => {
    it.each([
      [0.0075, 0.0001, true],
      [0.3, 0.1, true],
      [1.1, 0.1, true],
      [0.00751, 0.0001, false],
      [7, 2, false],
      [1e308, 0.123456789, false],
    ])("should judge %d as a multiple of %d: %s", (value, divisor, expected) => {
      expect(compile({ multipleOf: divisor }).check(value)).toBe(expected);
    });

    it("should count string length in code points", () => {
      const compiled = compile({ minLength: 2, maxLength: 2 });
      expect(compiled.check("😀😀")).toBe(true);
      expect(compiled.check("😀")).toBe(false);
      expect(compiled.check("abc")).toBe(false);
    });

    it("should treat NaN and Infinity as neither number nor integer", () => {
      for (const value of [Number.NaN, Number.POSITIVE_INFINITY]) {
        expect(compile({ type: "number" }).check(value)).toBe(false);
        expect(compile({ type: "integer" }).check(value)).toBe(false);
      }
      expect(compile({ type: "integer" }).check(1.0)).toBe(true);
    });

    it("should build patterns with options.regExp when given", () => {
      const sources: string[] = [];
      const compiled = compile(
        { type: "object", properties: { a: { pattern: "^x" } }, patternProperties: { "^p": true } },
        {
          regExp: (source) => {
            sources.push(source);
            return { test: (input) => input.startsWith(source.slice(1)) };
          },
        },
      );
      expect(sources).toStrictEqual(["^x", "^p"]);
      expect(compiled.check({ a: "xyz" })).toBe(true);
      expect(compiled.check({ a: "yz" })).toBe(false);
    });
  });

  describe("hostile input", () => {
    const recursive = {
      anyOf: [
        { type: "integer" },
        { type: "array", items: { $ref: "#" } },
        { type: "object", additionalProperties: { $ref: "#" } },
      ],
    };

    it.each([
      ["arrays", (inner: unknown) => [inner]],
      ["objects", (inner: unknown) => ({ a: inner })],
    ])("should fail 10,000-deep %s cleanly, never throwing", (_kind, wrap) => {
      const compiled = compile(recursive);
      const value = nest(10_000, wrap);
      expect(compiled.check(value)).toBe(false);
      const issues = compiled.errors(value);
      expect(issues).toHaveLength(1);
      expect(issues[0]?.message).toBe("value is nested too deeply to validate");
      expect(compiled.validate(value).ok).toBe(false);
      expect(compiled.check(nest(50, wrap))).toBe(true);
    });

    it("should not hang on a cyclic value", () => {
      const cyclic: Record<string, unknown> = {};
      cyclic.a = cyclic;
      const compiled = compile(recursive);
      expect(compiled.check(cyclic)).toBe(false);
      expect(compiled.errors(cyclic)).toHaveLength(1);
      expect(compile({ uniqueItems: true }).check([cyclic, cyclic])).toBe(false);
    });

    it("should treat __proto__, constructor and prototype as plain keys", () => {
      const schema = {
        type: "object",
        properties: { __proto__: { type: "string" }, constructor: { type: "integer" } },
        required: ["constructor"],
        additionalProperties: false,
      };
      const compiled = compile(
        JSON.parse(
          JSON.stringify(schema).replace(
            '"properties":{',
            '"properties":{"__proto__":{"type":"string"},',
          ),
        ),
      );
      const good = JSON.parse('{"__proto__":"x","constructor":1}');
      expect(compiled.check(good)).toBe(true);
      expect(compiled.check(JSON.parse('{"__proto__":1,"constructor":1}'))).toBe(false);
      expect(compiled.errors({})).toStrictEqual([
        { path: "/constructor", keyword: "required", message: "missing" },
      ]);
      expect(compiled.errors(JSON.parse('{"constructor":1,"prototype":2}'))).toStrictEqual([
        { path: "/prototype", keyword: "additionalProperties", message: "unknown field" },
      ]);
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    });

    it("should never throw and keep check and errors consistent, for any JSON value", () => {
      const schemas: JsonSchema[] = [
        {
          type: "object",
          properties: { a: { type: "integer" }, b: { type: "array", items: { type: "string" } } },
          required: ["a"],
        },
        {
          anyOf: [
            { type: "string", minLength: 2 },
            { type: "array", maxItems: 2 },
            { const: null },
          ],
        },
        {
          type: "array",
          prefixItems: [{ type: "boolean" }],
          items: { enum: [1, "x", null] },
          uniqueItems: true,
        },
        recursive,
      ];
      const compiledSchemas = schemas.map((schema) => compile(schema));
      fc.assert(
        fc.property(fc.jsonValue(), (value) => {
          for (const compiled of compiledSchemas) {
            const valid = compiled.check(value);
            const issues = compiled.errors(value);
            expect(issues.length === 0).toBe(valid);
            expect(compiled.validate(value).ok).toBe(valid);
          }
        }),
        { numRuns: 500 },
      );
    });

    it("should not throw for values with throwing getters", () => {
      const value = Object.defineProperty({}, "a", {
        enumerable: true,
        get() {
          throw new Error("boom");
        },
      });
      const compiled = compile({ type: "object", properties: { a: { type: "string" } } });
      expect(compiled.check(value)).toBe(false);
      expect(compiled.errors(value).length).toBeGreaterThan(0);
    });
  });

  describe("validate, coerce and parse", () => {
    const schema = { type: "object", properties: { n: { type: "integer" } }, required: ["n"] };

    it("should return the very same value from parse when it is valid", () => {
      const value = { n: 1 };
      const result = compile(schema, { coerce: true }).parse(value);
      expect(result).toStrictEqual({ ok: true, value, changes: [] });
      expect(result.ok && result.value).toBe(value);
    });

    it("should not coerce when coercion is off", () => {
      const compiled = compile(schema);
      const value = { n: "1" };
      expect(compiled.coerce(value)).toBe(value);
      expect(compiled.parse(value)).toStrictEqual({
        ok: false,
        errors: [{ path: "/n", keyword: "type", message: "expected integer, got string" }],
        changes: [],
      });
    });

    it("should drop forbidden properties with removeAdditional alone, without converting", () => {
      const closed = {
        type: "object",
        properties: { n: { type: "integer" } },
        additionalProperties: false,
      };
      const compiled = compile(closed, { removeAdditional: true });
      const result = compiled.parse({ n: 1, extra: true });
      expect(result.ok && result.value).toStrictEqual({ n: 1 });
      expect(compiled.check({ n: 1, extra: true })).toBe(false);
      expect(compiled.parse({ n: "1" }).ok).toBe(false);
    });

    it("should validate without coercion even when coercion is on", () => {
      const result = compile(schema, { coerce: true }).validate({ n: "1" });
      expect(result.ok).toBe(false);
    });

    it("should coerce, then validate, in parse", () => {
      const compiled = compile(schema, { coerce: true });
      const result = compiled.parse({ n: "10" });
      expect(result.ok && result.value).toStrictEqual({ n: 10 });
      expect(result.changes.length).toBeGreaterThan(0);
      const failed = compiled.parse({ n: "4x" });
      expect(failed.ok).toBe(false);
      expect(!failed.ok && failed.errors).toStrictEqual([
        { path: "/n", keyword: "type", message: "expected integer, got string" },
      ]);
    });
  });
});
