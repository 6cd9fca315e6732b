// Invariants of toProviderTools over arbitrary JSON as `parameters`: it returns or throws a
// ProviderError (never anything else), never mutates its input, and is deterministic.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ProviderError } from "./provider-error";
import { toProviderTools } from "./to-provider-tools";

const dialects = ["openai-chat", "openai-responses", "anthropic", "gemini"] as const;

/** Schema-like JSON: keywords that matter, nested, mixed with arbitrary values. */
const schemaArbitrary = fc.letrec((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.jsonValue({ maxDepth: 2 }),
    fc.record(
      {
        type: fc.constantFrom(
          "object",
          "string",
          "integer",
          "array",
          "null",
          ["string", "null"],
          ["object", "null"],
        ),
        properties: fc.dictionary(
          fc.constantFrom("a", "b", "__proto__", "x.y", "c"),
          tie("schema"),
          { maxKeys: 3 },
        ),
        required: fc.array(fc.constantFrom("a", "b", "z"), { maxLength: 2 }),
        items: tie("schema"),
        anyOf: fc.array(tie("schema"), { maxLength: 3 }),
        oneOf: fc.array(tie("schema"), { maxLength: 2 }),
        allOf: fc.array(tie("schema"), { maxLength: 2 }),
        $ref: fc.constantFrom("#/$defs/A", "#", "#/properties/a", "http://x/y"),
        $defs: fc.dictionary(fc.constantFrom("A", "B"), tie("schema"), { maxKeys: 2 }),
        additionalProperties: fc.oneof(fc.boolean(), tie("schema")),
        enum: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
        const: fc.jsonValue({ maxDepth: 1 }),
        format: fc.constantFrom("uri", "email", "date-time"),
        minimum: fc.integer(),
        description: fc.string({ maxLength: 5 }),
      },
      { requiredKeys: [] },
    ),
  ),
})).schema;

describe("toProviderTools (property)", () => {
  it("should return or throw a ProviderError, never mutate, and repeat itself exactly", () => {
    fc.assert(
      fc.property(schemaArbitrary, fc.constantFrom(...dialects), (parameters, dialect) => {
        const declaration = {
          name: "t.x",
          description: "d",
          parameters: parameters as never,
          constrainedSampling: true,
        };
        const before = JSON.stringify(declaration);
        let first: string | undefined;
        try {
          const tools = toProviderTools([declaration], dialect);
          first = JSON.stringify(tools.tools);
          tools.compiled.get("t.x")?.denormalize({ a: null, b: [1, { c: null }], input: { a: 1 } });
        } catch (error) {
          if (!ProviderError.isInstance(error)) throw error;
        }
        expect(JSON.stringify(declaration)).toBe(before);
        if (first !== undefined) {
          const copy = JSON.parse(before);
          expect(JSON.stringify(toProviderTools([copy], dialect).tools)).toBe(first);
        }
      }),
      { numRuns: 400, seed: 1201 },
    );
  });

  it("should refuse a schema nested too deeply, and one with a cycle, with UNSUPPORTED_SCHEMA", () => {
    let deep: Record<string, unknown> = { type: "string" };
    for (let level = 0; level < 10_000; level++) deep = { type: "object", properties: { a: deep } };
    const cyclic: Record<string, unknown> = { type: "object", properties: {} };
    (cyclic.properties as Record<string, unknown>).self = cyclic;
    for (const parameters of [deep, cyclic]) {
      expect(() =>
        toProviderTools([{ name: "t", description: "d", parameters }], "openai-chat"),
      ).toThrow(expect.objectContaining({ code: "UNSUPPORTED_SCHEMA" }));
    }
  });

  it("should refuse a tools entry that is not a tool", () => {
    expect(() => toProviderTools([null as never], "anthropic")).toThrow(
      expect.objectContaining({ code: "INVALID_ARGUMENT" }),
    );
  });
});
