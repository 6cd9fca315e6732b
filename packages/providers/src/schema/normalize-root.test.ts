import { describe, expect, it } from "vitest";
import { ProviderError } from "../provider-error";
import { normalizeRoot } from "./normalize-root";

const stringify = (schema: unknown): string =>
  JSON.stringify(normalizeRoot("t", schema, false).schema);

describe("normalizeRoot (Pass 0)", () => {
  it.each([
    ["true means no parameters", true, '{"type":"object","properties":{},"required":[]}'],
    ["{} means no parameters", {}, '{"type":"object","properties":{},"required":[]}'],
    [
      "a typeless root with properties gets type object",
      { properties: { a: { type: "string" } } },
      '{"properties":{"a":{"type":"string"}},"type":"object","required":[]}',
    ],
    [
      "a root $ref is inlined and $defs stay at the root",
      {
        $ref: "#/$defs/A",
        $defs: { A: { type: "object", properties: { x: { type: "number" } }, required: ["x"] } },
      },
      '{"type":"object","properties":{"x":{"type":"number"}},"required":["x"],"$defs":{"A":{"type":"object","properties":{"x":{"type":"number"}},"required":["x"]}}}',
    ],
    [
      "a mergeable root allOf is merged",
      {
        allOf: [
          { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
          { properties: { b: { type: "number" } } },
        ],
      },
      '{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"number"}},"required":["a"]}',
    ],
    [
      "non-strict merge adds additionalProperties:false only when every member had it",
      {
        allOf: [
          { type: "object", properties: { a: {} }, additionalProperties: false },
          { type: "object", properties: { b: {} }, additionalProperties: false },
        ],
      },
      '{"type":"object","properties":{"a":{},"b":{}},"required":[],"additionalProperties":false}',
    ],
    [
      "a root anyOf is wrapped in input, description and $defs kept outside",
      {
        description: "one of",
        anyOf: [{ type: "object" }, { type: "string" }],
        $defs: { X: { type: "string" } },
      },
      '{"type":"object","description":"one of","properties":{"input":{"anyOf":[{"type":"object"},{"type":"string"}]}},"required":["input"],"additionalProperties":false,"$defs":{"X":{"type":"string"}}}',
    ],
    [
      "a root type array with object and others is wrapped",
      { type: ["object", "null"], properties: { a: { type: "string" } } },
      '{"type":"object","properties":{"input":{"type":["object","null"],"properties":{"a":{"type":"string"}}}},"required":["input"],"additionalProperties":false}',
    ],
    [
      "a non-mergeable root allOf is wrapped",
      {
        allOf: [
          { type: "object", properties: { a: { type: "string" } } },
          { not: { required: ["a"] } },
        ],
      },
      '{"type":"object","properties":{"input":{"allOf":[{"type":"object","properties":{"a":{"type":"string"}}},{"not":{"required":["a"]}}]}},"required":["input"],"additionalProperties":false}',
    ],
  ])("should normalise: %s", (_name, schema, expected) => {
    expect(stringify(schema)).toBe(expected);
  });

  it.each([
    ["a string root", { type: "string" }],
    ["a false root", false],
    ["an array root", { type: ["array", "null"] }],
    ["an unresolvable root $ref", { $ref: "#/$defs/Missing" }],
  ])("should throw UNSUPPORTED_SCHEMA for %s", (_name, schema) => {
    try {
      normalizeRoot("my_tool", schema, false);
      expect.unreachable();
    } catch (error) {
      expect(ProviderError.isInstance(error) && error.code).toBe("UNSUPPORTED_SCHEMA");
      expect((error as Error).message).toContain('"my_tool"');
    }
  });

  it("should report wrapping and never mutate the input", () => {
    const schema = { anyOf: [{ type: "object", properties: { a: { type: "string" } } }] };
    const before = JSON.stringify(schema);
    expect(normalizeRoot("t", schema, false).wrapped).toBe(true);
    expect(normalizeRoot("t", { type: "object" }, false).wrapped).toBe(false);
    expect(JSON.stringify(schema)).toBe(before);
  });
});
