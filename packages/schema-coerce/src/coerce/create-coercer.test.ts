import { describe, expect, it } from "vitest";
import { compile } from "../compile";
import type { SchemaGraph } from "../schema-graph";
import type { CoercionChange, CompileOptions, JsonSchema } from "../types";
import { createCoercer } from "./create-coercer";
import { createTestGraph } from "./test-graph";

function coerce(schema: JsonSchema, value: unknown, options: CompileOptions = {}) {
  const changes: CoercionChange[] = [];
  const coercer = createCoercer(createTestGraph(schema, { coerce: true, ...options }));
  return { value: coercer(value, changes), changes };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

function nest(depth: number, wrap: (inner: unknown) => unknown): unknown {
  let value: unknown = "1";
  for (let level = 0; level < depth; level++) value = wrap(value);
  return value;
}

describe("createCoercer", () => {
  it("should let pass 2 win over pass 3: a required string receiving null becomes 'null'", () => {
    const schema = { type: "object", properties: { s: { type: "string" } }, required: ["s"] };
    expect(coerce(schema, { s: null })).toStrictEqual({
      value: { s: "null" },
      changes: [{ path: "/s", rule: "convert", from: null, to: "null" }],
    });
  });

  it("should drop an optional null before pass 2 could turn it into a value", () => {
    const schema = { type: "object", properties: { s: { type: "string" }, n: { type: "number" } } };
    expect(coerce(schema, { s: null, n: null }).value).toStrictEqual({});
  });

  it("should run pass 3 on what pass 2 leaves", () => {
    const schema = {
      type: "object",
      properties: { limit: { type: ["integer", "null"] }, force: { type: "boolean" } },
    };
    expect(coerce(schema, { limit: "5", force: "TRUE" })).toStrictEqual({
      value: { limit: 5, force: true },
      changes: [
        { path: "/force", rule: "convert", from: "TRUE", to: true },
        { path: "/limit", rule: "coerce-type", from: "5", to: 5 },
      ],
    });
  });

  it("should coerce the failing items of a long array and share the passing ones", () => {
    const item = {
      type: "object",
      required: ["id"],
      properties: { id: { type: "integer" }, tags: { type: "array", items: { type: "string" } } },
      additionalProperties: false,
    };
    const schema = { type: "object", properties: { items: { type: "array", items: item } } };
    const items = [
      { id: 1, tags: ["a"] },
      { id: "2", note: null },
      { id: 3 },
      { id: 4, tags: [5], extra: true },
      { id: 5 },
    ];
    const result = coerce(schema, { items }, { coerce: "lossless", removeAdditional: true });
    const coerced = (result.value as { items: unknown[] }).items;
    expect(coerced).toStrictEqual([
      { id: 1, tags: ["a"] },
      { id: 2 },
      { id: 3 },
      { id: 4, tags: ["5"] },
      { id: 5 },
    ]);
    for (const index of [0, 2, 4]) expect(coerced[index]).toBe(items[index]);
    expect(result.changes.map(({ path, rule }) => `${rule} ${path}`)).toStrictEqual([
      "remove-additional /items/1/note",
      "remove-additional /items/3/extra",
      "convert /items/1/id",
      "convert /items/3/tags/0",
    ]);
  });

  it("should return the input itself when nothing changes", () => {
    const input = { a: "x", list: [1, 2] };
    const schema = { type: "object", properties: { a: { type: "string" } } };
    const result = coerce(schema, input);
    expect(result.value).toBe(input);
    expect(result.changes).toEqual([]);
  });

  it("should never mutate a deep-frozen input and share unchanged subtrees", () => {
    const untouched = { b: [true] };
    const input = deepFreeze({ n: "1", untouched, list: [{ m: "2" }, { m: 3 }] });
    const schema = {
      type: "object",
      properties: {
        n: { type: "number" },
        untouched: { type: "object" },
        list: { type: "array", items: { type: "object", properties: { m: { type: "number" } } } },
      },
    };
    const result = coerce(schema, input).value as typeof input;
    expect(result).toStrictEqual({ n: 1, untouched, list: [{ m: 2 }, { m: 3 }] });
    expect(result.untouched).toBe(untouched);
    expect(result.list[1]).toBe(input.list[1]);
    expect(input.n).toBe("1");
  });

  it("should keep __proto__ and constructor keys as own data and leave Object.prototype alone", () => {
    const input = JSON.parse('{"__proto__":{"x":"1"},"constructor":{"x":"2"},"n":"3"}');
    const inner = { type: "object", properties: { x: { type: "number" } } };
    const schema = {
      type: "object",
      properties: { n: { type: "number" }, constructor: inner },
      additionalProperties: inner,
    };
    const result = coerce(schema, input).value as Record<string, unknown>;
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(result, "__proto__")?.value).toStrictEqual({ x: 1 });
    expect(Object.getOwnPropertyDescriptor(result, "constructor")?.value).toStrictEqual({ x: 2 });
    expect(result.n).toBe(3);
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it("should never insert defaults", () => {
    const schema = { type: "object", properties: { n: { type: "number", default: 5 } } };
    const input = {};
    expect(coerce(schema, input).value).toBe(input);
  });

  it.each([
    ["arrays", (inner: unknown) => [inner]],
    ["objects", (inner: unknown) => ({ a: inner })],
  ])(
    "should not throw on 10,000-deep %s under a recursive schema",
    (_kind, wrap) => {
      const schema = {
        anyOf: [
          { type: "integer" },
          { type: "array", items: { $ref: "#" } },
          { type: "object", additionalProperties: { $ref: "#" } },
        ],
      };
      const input = nest(10_000, wrap);
      expect(() =>
        coerce(schema, input, { removeAdditional: true, parseJsonStrings: true }),
      ).not.toThrow();
      // Each validator call walks the deep value, so this gets a wide bound (not a timing claim).
    },
    30_000,
  );

  it("should still convert shallow parts of a value that is too deep to finish", () => {
    const schema = {
      type: "object",
      properties: { n: { type: "number" }, deep: { $ref: "#/$defs/Deep" } },
      $defs: { Deep: { type: "array", items: { $ref: "#/$defs/Deep" } } },
    };
    const result = coerce(schema, { n: "1", deep: nest(10_000, (inner) => [inner]) });
    expect((result.value as { n: unknown }).n).toBe(1);
  });

  it("should trim additional keys once a union branch fits after conversion", () => {
    const branch = (tag: string) => ({
      type: "object",
      properties: { kind: { const: tag }, n: { type: "integer" } },
      required: ["kind", "n"],
      additionalProperties: false,
    });
    const schema = { anyOf: [branch("a"), branch("b")] };
    const result = coerce(schema, { kind: "b", n: 2, extra: true }, { removeAdditional: true });
    expect(result.value).toStrictEqual({ kind: "b", n: 2 });
    expect(result.changes).toStrictEqual([
      { path: "/extra", rule: "remove-additional", from: true, to: undefined },
    ]);
  });

  it("should only remove additional properties when coerce itself is off", () => {
    const schema = {
      type: "object",
      properties: { n: { type: "number" } },
      additionalProperties: false,
    };
    const changes: CoercionChange[] = [];
    const coercer = createCoercer(createTestGraph(schema, { removeAdditional: true }));
    expect(coercer({ n: "1", extra: true }, changes)).toStrictEqual({ n: "1" });
    expect(changes.map((change) => change.rule)).toEqual(["remove-additional"]);
  });

  it("should return the input and push no changes when the graph throws", () => {
    const schema = { type: "object", properties: { n: { type: "number" } }, anyOf: [true] };
    const graph: SchemaGraph = {
      ...createTestGraph(schema, { coerce: true }),
      accepts: () => {
        throw new Error("broken validator");
      },
    };
    const changes: CoercionChange[] = [];
    const input = { n: "1" };
    expect(createCoercer(graph)(input, changes)).toBe(input);
    expect(changes).toEqual([]);
  });
});

describe("createCoercer through compile().parse", () => {
  const schema = {
    type: "object",
    properties: {
      offset: { type: "integer" },
      force: { type: "boolean" },
      tags: { type: "array", items: { type: "string" } },
      note: { type: "string" },
      n: { type: "number" },
    },
  };
  const parse = (value: unknown) => compile(schema, { coerce: true }).parse(value);

  it.each([
    [{ offset: "10" }, { offset: 10 }, [{ path: "/offset", rule: "convert", from: "10", to: 10 }]],
    [
      { force: "true" },
      { force: true },
      [{ path: "/force", rule: "convert", from: "true", to: true }],
    ],
    [
      { tags: "java" },
      { tags: ["java"] },
      [{ path: "/tags", rule: "convert", from: "java", to: ["java"] }],
    ],
    [{ note: null }, {}, [{ path: "/note", rule: "drop-null", from: null, to: undefined }]],
  ])("should parse SPEC's example %j to %j", (input, expected, changes) => {
    expect(parse(input)).toStrictEqual({ ok: true, value: expected, changes });
  });

  it("should fail SPEC's example {n:'4x'} with the type message", () => {
    expect(parse({ n: "4x" })).toStrictEqual({
      ok: false,
      errors: [{ path: "/n", keyword: "type", message: "expected number, got string" }],
      changes: [],
    });
  });

  it("should report the coercions tried when the value still fails", () => {
    const result = parse({ offset: "10", n: "4x" });
    expect(result.ok).toBe(false);
    expect(result.changes).toStrictEqual([
      { path: "/offset", rule: "convert", from: "10", to: 10 },
    ]);
  });

  it("should list changes in the value's key order, whether or not extra keys are forbidden", () => {
    const input = { n: "1.5", force: "false", offset: "3" };
    const expected = [
      { path: "/n", rule: "convert", from: "1.5", to: 1.5 },
      { path: "/force", rule: "convert", from: "false", to: false },
      { path: "/offset", rule: "convert", from: "3", to: 3 },
    ];
    expect(parse(input).changes).toStrictEqual(expected);
    const closed = compile({ ...schema, additionalProperties: false }, { coerce: true });
    expect(closed.parse(input).changes).toStrictEqual(expected);
  });

  it("should apply removeAdditional and parseJsonStrings when compile turns them on", () => {
    const editSchema = {
      type: "object",
      properties: {
        path: { type: "string" },
        edits: {
          type: "array",
          items: {
            type: "object",
            properties: { oldText: { type: "string" }, line: { type: "integer" } },
            required: ["oldText"],
            additionalProperties: false,
          },
        },
      },
      required: ["path", "edits"],
    };
    const compiled = compile(editSchema, {
      coerce: true,
      removeAdditional: true,
      parseJsonStrings: true,
    });
    const input = { path: "a.ts", edits: '[{"oldText":"x","line":"3","note":1}]' };
    expect(compiled.parse(input)).toStrictEqual({
      ok: true,
      value: { path: "a.ts", edits: [{ oldText: "x", line: 3 }] },
      changes: [
        {
          path: "/edits",
          rule: "parse-json",
          from: input.edits,
          to: [{ oldText: "x", line: "3", note: 1 }],
        },
        { path: "/edits/0/line", rule: "convert", from: "3", to: 3 },
        { path: "/edits/0/note", rule: "remove-additional", from: 1, to: undefined },
      ],
    });
  });
});

describe("createCoercer verdict", () => {
  it("should say when it has itself confirmed the coerced value valid, and only then", () => {
    const coercer = createCoercer(
      createTestGraph(
        { type: "object", properties: { n: { type: "integer" } }, additionalProperties: false },
        { coerce: true, removeAdditional: true },
      ),
    );
    const verdict = { valid: false };
    expect(coercer({ n: "4", extra: 1 }, [], verdict)).toEqual({ n: 4 });
    expect(verdict.valid).toBe(true);
    expect(coercer({ n: "x" }, [], verdict)).toEqual({ n: "x" });
    expect(verdict.valid).toBe(false);
  });
});

describe("createCoercer's shared run", () => {
  it("should apply each schema's own mode and options when coercers take turns", () => {
    const schema = {
      type: "object",
      properties: { n: { type: "number" }, s: { type: "string" } },
      required: ["n", "s"],
    };
    const pi = compile(schema, { coerce: "pi" });
    const lossless = compile(schema, { coerce: "lossless", parseJsonStrings: true });
    const input = { n: null, s: 5 };
    for (let round = 0; round < 2; round++) {
      expect(pi.parse({ n: "", s: null })).toMatchObject({ ok: true, value: { n: 0, s: "null" } });
      expect(lossless.parse(input)).toMatchObject({ ok: false });
      expect(lossless.parse({ n: "1.5", s: 5 })).toMatchObject({
        ok: true,
        value: { n: 1.5, s: "5" },
      });
    }
  });
});
