import { Type } from "@sinclair/typebox";
import { toJsonSchema, toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool, type Tool } from "./define-tool";
import { getParametersJsonSchema } from "./get-parameters-json-schema";
import { ToolError } from "./tool-error";
import { ToolRegistry } from "./tool-registry";

function refusal(tool: Tool): ToolError {
  try {
    new ToolRegistry([tool]);
  } catch (error) {
    if (ToolError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected register to refuse the tool");
}

const execute = () => ({ content: [] });

describe("getParametersJsonSchema", () => {
  it("should give TypeBox and plain JSON Schema back as they are, and { type: object } for none", () => {
    const parameters = Type.Object({ a: Type.String() });
    expect(
      getParametersJsonSchema(defineTool({ name: "t", description: "x", parameters, execute })),
    ).toBe(parameters);
    expect(getParametersJsonSchema(defineTool({ name: "n", description: "x", execute }))).toEqual({
      type: "object",
    });
  });

  it("should declare the JSON Schema Zod produces, the same object every time", () => {
    const tool = defineTool({
      name: "convert",
      description: "Convert units",
      parameters: z.object({ value: z.number(), unit: z.enum(["km", "mi"]).optional() }),
      execute,
    });
    const registry = new ToolRegistry([tool]);
    const [declaration] = registry.definitions();
    expect(declaration?.parameters).toMatchObject({
      type: "object",
      properties: { value: { type: "number" }, unit: { type: "string", enum: ["km", "mi"] } },
      required: ["value"],
    });
    expect(registry.definitions()[0]?.parameters).toBe(declaration?.parameters);
    expect(getParametersJsonSchema(tool)).toBe(declaration?.parameters);
  });

  it("should declare the JSON Schema of ArkType and of Valibot's toStandardJsonSchema", () => {
    const ark = defineTool({
      name: "ark",
      description: "x",
      parameters: type({ n: "number.integer > 0", "s?": "string" }),
      execute,
    });
    const valibot = defineTool({
      name: "valibot",
      description: "x",
      parameters: toStandardJsonSchema(v.object({ n: v.pipe(v.number(), v.integer()) })),
      execute,
    });
    const [arkDeclaration, valibotDeclaration] = new ToolRegistry([ark, valibot]).definitions();
    expect(arkDeclaration?.parameters).toMatchObject({
      properties: { n: { type: "integer", exclusiveMinimum: 0 }, s: { type: "string" } },
      required: ["n"],
    });
    expect(valibotDeclaration?.parameters).toMatchObject({
      properties: { n: { type: "integer" } },
      required: ["n"],
    });
  });

  it("should use the tool's toJsonSchema for a library without Standard JSON Schema", () => {
    const schema = v.object({ city: v.string() });
    const tool = defineTool({
      name: "weather",
      description: "x",
      parameters: schema,
      toJsonSchema: (parameters) => toJsonSchema(parameters),
      execute,
    });
    expect(new ToolRegistry([tool]).definitions()[0]?.parameters).toMatchObject({
      type: "object",
      properties: { city: { type: "string" } },
      required: ["city"],
    });
  });

  it("should refuse at register a Standard Schema that cannot produce JSON Schema, saying what to do", () => {
    const error = refusal(
      defineTool({
        name: "plain_valibot",
        description: "x",
        parameters: v.object({ a: v.string() }),
        execute,
      }),
    );
    expect(error.code).toBe("UNSUPPORTED_SCHEMA");
    expect(error.message).toBe(
      "Tool plain_valibot: its parameters are a valibot schema that cannot produce JSON Schema (no ~standard.jsonSchema); pass defineTool a toJsonSchema option that converts it",
    );
  });

  it("should refuse at register a schema whose library throws while converting, with its reason", () => {
    const error = refusal(
      defineTool({
        name: "dated",
        description: "x",
        parameters: z.object({ at: z.date() }),
        execute,
      }),
    );
    expect(error.code).toBe("UNSUPPORTED_SCHEMA");
    expect(error.message).toBe(
      "Tool dated: its parameters could not be converted to JSON Schema: Date cannot be represented in JSON Schema",
    );
    expect(error.cause).toBeInstanceOf(Error);
  });

  it("should refuse a toJsonSchema that returns no object, and ~standard without validate", () => {
    const noObject = refusal(
      defineTool({
        name: "no_object",
        description: "x",
        parameters: v.object({}),
        toJsonSchema: () => "nope" as unknown as object,
        execute,
      }),
    );
    expect(noObject.message).toBe(
      "Tool no_object: converting its parameters to JSON Schema gave string, not a JSON Schema object",
    );
    const noValidate = refusal({
      name: "no_validate",
      description: "x",
      parameters: { "~standard": { version: 1, vendor: "fake" } } as never,
      execute,
    });
    expect(noValidate.message).toBe(
      "Tool no_validate: its parameters have ~standard but no validate function (Standard Schema v1 needs one)",
    );
  });

  it("should refuse a converted schema that does not compile, as INVALID_SCHEMA", () => {
    const error = refusal(
      defineTool({
        name: "bad_schema",
        description: "x",
        parameters: v.object({}),
        toJsonSchema: () => ({ type: "object", properties: { a: { type: "no-such-type" } } }),
        execute,
      }),
    );
    expect(error.code).toBe("INVALID_SCHEMA");
    expect(error.message).toMatch(/^Invalid parameters schema for tool bad_schema: /);
  });
});
