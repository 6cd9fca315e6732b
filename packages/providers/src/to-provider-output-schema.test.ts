import { transformJSONSchema } from "@anthropic-ai/sdk/lib/transform-json-schema";
import { Type } from "@sinclair/typebox";
import { toStrictJsonSchema } from "openai/lib/transform";
import { describe, expect, it } from "vitest";
import { ProviderError } from "./provider-error";
import { toProviderOutputSchema } from "./to-provider-output-schema";

// An output schema written the usual way: TypeBox leaves every object open.
const weather = Type.Object({
  temp: Type.Number(),
  unit: Type.Optional(Type.String()),
  station: Type.Object({ id: Type.String() }),
});

describe("toProviderOutputSchema", () => {
  it("should close the open objects for OpenAI strict output, and say where", () => {
    for (const dialect of ["openai-chat", "openai-responses"] as const) {
      const output = toProviderOutputSchema(weather, dialect, { name: "weather" });
      expect(output.strict).toBe(true);
      expect(output.closed).toStrictEqual(["", "/properties/station"]);
      expect(output.schema).toStrictEqual({
        type: "object",
        properties: {
          temp: { type: "number" },
          unit: { anyOf: [{ type: "string" }, { type: "null" }] },
          station: {
            type: "object",
            properties: { id: { type: "string" } },
            required: ["id"],
            additionalProperties: false,
          },
        },
        required: ["temp", "unit", "station"],
        additionalProperties: false,
      });
      // The official SDK's strict transform leaves it as it is.
      expect(toStrictJsonSchema(output.schema as never)).toStrictEqual(output.schema);
      expect(output.warnings).toStrictEqual([
        {
          tool: "weather",
          kind: "close",
          detail:
            'strict structured output closes the open objects at "", "/properties/station": the model cannot add keys the schema allows there',
        },
      ]);
      expect(output.denormalize({ temp: 3, unit: null, station: { id: "x" } })).toStrictEqual({
        temp: 3,
        station: { id: "x" },
      });
    }
  });

  it("should give Anthropic what its SDK's transform gives, and list the closed objects", () => {
    const output = toProviderOutputSchema(weather, "anthropic");
    expect(output.strict).toBe(true);
    expect(output.closed).toStrictEqual(["", "/properties/station"]);
    expect(output.schema).toStrictEqual(transformJSONSchema(JSON.parse(JSON.stringify(weather))));
    expect(output.warnings.map((warning) => warning.kind)).toStrictEqual(["close"]);
  });

  it("should keep open objects open where nothing asks for strict output", () => {
    const gemini = toProviderOutputSchema(weather, "gemini");
    expect(gemini.strict).toBe(false);
    expect(gemini.closed).toStrictEqual([]);
    expect(gemini.schema).toStrictEqual(JSON.parse(JSON.stringify(weather)));
    expect(gemini.warnings).toStrictEqual([]);
    const loose = toProviderOutputSchema(weather, "openai-chat", { strict: false });
    expect(loose.strict).toBe(false);
    expect(loose.schema).not.toHaveProperty("additionalProperties");
    expect(loose.warnings).toStrictEqual([]);
  });

  it("should report nothing closed for objects the schema closed itself", () => {
    const closed = Type.Object({ temp: Type.Number() }, { additionalProperties: false });
    const output = toProviderOutputSchema(closed, "openai-chat");
    expect(output.strict).toBe(true);
    expect(output.closed).toStrictEqual([]);
    expect(output.warnings).toStrictEqual([]);
  });

  it("should downgrade an explicitly open record with reasons, or throw when asked to", () => {
    const record = Type.Object({ tags: Type.Record(Type.String(), Type.String()) });
    const output = toProviderOutputSchema(record, "openai-chat", { name: "tags" });
    expect(output.strict).toBe(false);
    expect(output.closed).toStrictEqual([]);
    expect(output.downgrade.map((problem) => problem.reason)).toContain("open-object");
    expect(output.warnings[0]).toMatchObject({ tool: "tags", kind: "downgrade" });
    expect(() =>
      toProviderOutputSchema(record, "openai-chat", { unrepresentable: "throw" }),
    ).toThrow(expect.objectContaining({ code: "UNSUPPORTED_SCHEMA" }));
  });

  it("should refuse a schema that is not JSON and an unknown dialect", () => {
    const cyclic: Record<string, unknown> = { type: "object" };
    cyclic.properties = { self: cyclic };
    const error = (() => {
      try {
        toProviderOutputSchema(cyclic, "openai-chat");
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(ProviderError.isInstance(error) && error.code).toBe("INVALID_ARGUMENT");
    expect(() => toProviderOutputSchema(weather, "cohere" as never)).toThrow(/Unknown provider/);
  });
});
