import { describe, expect, it } from "vitest";
import { toProviderTools } from "../to-provider-tools";

// One tuple, one problem, at the keyword that makes it a tuple — the same in every compiler.
const tupleForms = [
  {
    form: "prefixItems with items: false",
    schema: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false },
    keyword: "prefixItems",
  },
  {
    form: "prefixItems alone",
    schema: { type: "array", prefixItems: [{ type: "string" }] },
    keyword: "prefixItems",
  },
  {
    form: "a draft-7 items array with additionalItems: false",
    schema: { type: "array", items: [{ type: "string" }], additionalItems: false },
    keyword: "items",
  },
];

function declare(property: unknown) {
  return {
    name: "t",
    description: "d",
    constrainedSampling: true,
    parameters: { type: "object", properties: { t: property }, required: ["t"] },
  };
}

describe("tuple downgrades across dialects", () => {
  it.each(tupleForms)("should report $form once, at $keyword, in every strict dialect", (tuple) => {
    for (const dialect of ["openai-chat", "openai-responses", "anthropic"] as const) {
      const compiled = toProviderTools([declare(tuple.schema)], dialect).compiled.get("t");
      expect(compiled?.strict, dialect).toBe(false);
      expect(compiled?.downgrade, dialect).toStrictEqual([
        { pointer: "/properties/t", keyword: tuple.keyword, reason: "tuple" },
      ]);
    }
  });

  it.each(tupleForms)(
    "should fall back for $form on Gemini's OpenAPI path, naming $keyword",
    (tuple) => {
      const tools = toProviderTools([declare(tuple.schema)], "gemini", {
        gemini: { schemaField: "parameters" },
      });
      expect(tools.tools[0]?.functionDeclarations[0]).toHaveProperty("parametersJsonSchema");
      expect(tools.warnings).toStrictEqual([
        {
          tool: "t",
          kind: "fallback",
          detail: `sent as parametersJsonSchema: a tuple (${tuple.keyword}) at "/properties/t"`,
        },
      ]);
    },
  );

  it("should not count additionalItems beside a single items schema as a tuple", () => {
    const list = { type: "array", items: { type: "string" }, additionalItems: false };
    for (const dialect of ["openai-chat", "anthropic"] as const) {
      const compiled = toProviderTools([declare(list)], dialect).compiled.get("t");
      expect(compiled?.strict, dialect).toBe(true);
      expect(compiled?.relaxed, dialect).toStrictEqual([
        { schemaPath: "/properties/t", keyword: "additionalItems", value: false },
      ]);
    }
  });
});
