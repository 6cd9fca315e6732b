import { RunContext, tool } from "@openai/agents-core";
import { describe, expect, it } from "vitest";
import { readPath } from "../__fixtures__/read-path";
import { compileToolSchema } from "./compile-tool-schema";

const strict = (parameters: unknown) => compileToolSchema("t", parameters, "openai-chat", true);
const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties,
  ...extra,
});

describe("OpenAI strict: kept, dropped and relaxed keywords", () => {
  it("should keep the supported keywords in canonical order and close the object", () => {
    const compiled = strict(
      object(
        {
          s: {
            type: "string",
            pattern: "^a",
            minLength: 1,
            maxLength: 9,
            format: "email",
            title: "S",
            default: "a",
          },
          n: { type: "integer", minimum: 0, maximum: 9, exclusiveMinimum: -1, multipleOf: 1 },
          l: { type: "array", items: { enum: ["x", "y"] }, minItems: 1, maxItems: 3 },
          c: { const: "k" },
        },
        { required: ["s", "n", "l", "c"] },
      ),
    );
    expect(compiled.strict).toBe(true);
    expect(compiled.relaxed).toEqual([]);
    expect(JSON.stringify(compiled.parameters)).toBe(
      '{"type":"object","properties":{"s":{"type":"string","pattern":"^a","minLength":1,"maxLength":9,"format":"email","title":"S","default":"a"},"n":{"type":"integer","minimum":0,"maximum":9,"exclusiveMinimum":-1,"multipleOf":1},"l":{"type":"array","items":{"enum":["x","y"]},"minItems":1,"maxItems":3},"c":{"const":"k"}},"required":["s","n","l","c"],"additionalProperties":false}',
    );
  });

  it.each([
    ["$schema", { $schema: "https://json-schema.org/draft/2020-12/schema" }],
    ["$comment", { $comment: "x" }],
    ["default: null", { default: null }],
    ["readOnly", { readOnly: true }],
    ["writeOnly", { writeOnly: true }],
    ["deprecated", { deprecated: true }],
  ])("should drop %s silently", (_name, extra) => {
    const compiled = strict(object({ a: { type: "string", ...extra } }, { required: ["a"] }));
    expect(compiled.parameters).toEqual(
      object({ a: { type: "string" } }, { required: ["a"], additionalProperties: false }),
    );
    expect(compiled.relaxed).toEqual([]);
  });

  it.each([
    ["format uri", { format: "uri" }],
    ["uniqueItems", { uniqueItems: true }],
    ["minProperties", { minProperties: 1 }],
    ["maxProperties", { maxProperties: 1 }],
    ["not", { not: { const: "x" } }],
    // biome-ignore lint/suspicious/noThenProperty: `then` is a JSON Schema keyword here
    ["if/then/else", { if: { minLength: 1 }, then: { maxLength: 3 }, else: { maxLength: 5 } }],
    ["dependentRequired", { dependentRequired: { a: ["b"] } }],
    ["contains", { contains: { type: "string" } }],
    ["propertyNames", { propertyNames: { pattern: "^a" } }],
    ["unevaluatedProperties", { unevaluatedProperties: false }],
    ["examples", { examples: ["a"] }],
  ])("should relax %s into the description in the Anthropic SDK format", (_name, extra) => {
    const compiled = strict(
      object({ a: { type: "string", description: "The a.", ...extra } }, { required: ["a"] }),
    );
    expect(compiled.strict).toBe(true);
    const entries = Object.entries(extra);
    const text = `{${entries.map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join(", ")}}`;
    expect(readPath(compiled.parameters, "properties", "a", "description")).toBe(
      `The a.\n\n${text}`,
    );
    expect(compiled.relaxed).toEqual(
      entries.map(([keyword, value]) => ({ schemaPath: "/properties/a", keyword, value })),
    );
  });

  it("should turn an overlapping oneOf into a relaxed anyOf, and a discriminated one silently", () => {
    const overlapping = strict(
      object({ v: { oneOf: [{ type: "number" }, { type: "integer" }] } }, { required: ["v"] }),
    );
    expect(readPath(overlapping.parameters, "properties", "v")).toEqual({
      anyOf: [{ type: "number" }, { type: "integer" }],
    });
    expect(overlapping.relaxed).toEqual([
      { schemaPath: "/properties/v", keyword: "oneOf", value: "anyOf" },
    ]);
    const branch = (kind: string) =>
      object({ kind: { const: kind } }, { required: ["kind"], additionalProperties: false });
    const tagged = strict(
      object({ v: { oneOf: [branch("a"), branch("b")] } }, { required: ["v"] }),
    );
    expect(tagged.relaxed).toEqual([]);
    const primitive = strict(
      object({ v: { oneOf: [{ type: "string" }, { type: "boolean" }] } }, { required: ["v"] }),
    );
    expect(primitive.relaxed).toEqual([]);
  });
});

describe("OpenAI strict: interpretations", () => {
  it("should relax unknown keywords like the listed ones", () => {
    const compiled = strict(
      object(
        { a: { type: "string", "x-order": 2, contentMediaType: "text/plain" } },
        { required: ["a"] },
      ),
    );
    expect(compiled.relaxed.map((entry) => entry.keyword)).toEqual(["x-order", "contentMediaType"]);
    expect(readPath(compiled.parameters, "properties", "a")).toEqual({
      type: "string",
      description: '{x-order: 2, contentMediaType: "text/plain"}',
    });
  });

  it("should keep a closed empty object and refuse a typeless one with only properties", () => {
    expect(
      strict(object({ e: { type: "object", additionalProperties: false } }, { required: ["e"] }))
        .strict,
    ).toBe(true);
    expect(
      strict(object({ p: { properties: { a: { type: "string" } } } })).downgrade,
    ).toContainEqual({ pointer: "/properties/p", keyword: "type", reason: "untyped" });
  });

  it("should report a $ref whose siblings conflict with its target", () => {
    const compiled = strict(
      object(
        { v: { $ref: "#/$defs/S", type: "number" } },
        { required: ["v"], $defs: { S: { type: "string" } } },
      ),
    );
    expect(compiled.downgrade).toContainEqual({
      pointer: "/properties/v",
      keyword: "$ref",
      reason: "non-mergeable-allOf",
    });
  });
});

describe("OpenAI strict: optional properties", () => {
  it("should make every property required and wrap those that reject null exactly as agents-core", () => {
    const schema = object(
      {
        q: { type: "string", description: "query" },
        n: { type: ["integer", "null"] },
        a: { $ref: "#/$defs/A" },
        e: { enum: ["x", null] },
      },
      {
        $defs: {
          A: object({ x: { type: "string" } }, { required: ["x"], additionalProperties: false }),
        },
      },
    );
    const compiled = strict(schema);
    const agents = tool({
      name: "t",
      description: "d",
      strict: true,
      parameters: schema as never,
      execute: async () => "",
    });
    expect(compiled.parameters).toStrictEqual(agents.parameters);
  });

  it("should de-normalise like agents-core's input normalisation", async () => {
    const schema = object(
      { q: { type: "string" }, a: { $ref: "#/$defs/A" }, n: { type: ["string", "null"] } },
      {
        $defs: {
          A: object({ x: { type: "string" } }, { required: ["x"], additionalProperties: false }),
        },
      },
    );
    const compiled = strict(schema);
    const agents = tool({
      name: "t",
      description: "d",
      strict: true,
      parameters: schema as never,
      execute: async (input) => JSON.stringify(input),
    });
    for (const value of [
      { q: null, a: null, n: null },
      { q: "x", a: { x: "y" }, n: "z" },
      { q: null, a: { x: "y" }, n: null },
    ]) {
      const theirs = JSON.parse(
        String(await agents.invoke(new RunContext(), JSON.stringify(value))),
      );
      expect(compiled.denormalize(value)).toEqual(theirs);
    }
  });

  it("should go further than agents-core: optional properties inside anyOf branches", () => {
    const compiled = strict(
      object(
        {
          t: {
            anyOf: [{ type: "string" }, object({ a: { type: "string" }, b: { type: "number" } })],
          },
        },
        { required: ["t"] },
      ),
    );
    expect(compiled.strict).toBe(true);
    expect(compiled.denormalize({ t: { a: "x", b: null } })).toEqual({ t: { a: "x" } });
    expect(compiled.denormalize({ t: "plain" })).toEqual({ t: "plain" });
  });

  it("should never mutate its argument and leave mismatching values as they are", () => {
    const compiled = strict(
      object({
        a: { type: "string" },
        list: { type: "array", items: object({ b: { type: "number" } }) },
      }),
    );
    const value = Object.freeze({ a: null, list: Object.freeze([Object.freeze({ b: null })]) });
    expect(compiled.denormalize(value)).toEqual({ list: [{}] });
    expect(value).toEqual({ a: null, list: [{ b: null }] });
    expect(compiled.denormalize({ a: 5, list: "no" })).toEqual({ a: 5, list: "no" });
  });
});

describe("OpenAI strict: rules M and I", () => {
  it("should merge an allOf of objects (ordered union, union of required)", () => {
    const compiled = strict(
      object(
        {
          v: {
            allOf: [object({ a: { type: "string" } }, { required: ["a"] }), { $ref: "#/$defs/B" }],
          },
        },
        { required: ["v"], $defs: { B: object({ b: { type: "number" } }, { required: ["b"] }) } },
      ),
    );
    expect(compiled.strict).toBe(true);
    expect(readPath(compiled.parameters, "properties", "v")).toEqual({
      type: "object",
      properties: { a: { type: "string" }, b: { type: "number" } },
      required: ["a", "b"],
      additionalProperties: false,
    });
  });

  it("should inline a $ref with constraining siblings", () => {
    const compiled = strict(
      object(
        { v: { $ref: "#/$defs/S", maxLength: 5 } },
        { required: ["v"], $defs: { S: { type: "string" } } },
      ),
    );
    expect(readPath(compiled.parameters, "properties", "v")).toEqual({
      type: "string",
      maxLength: 5,
    });
  });
});
