import { GoogleGenAI } from "@google/genai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { corpusDeclarations } from "../__fixtures__/corpus";
import { readPath } from "../__fixtures__/read-path";
import { toProviderTools } from "../to-provider-tools";
import { geminiSchemaKeys } from "./compile-gemini-parameters";
import { compileToolSchema } from "./compile-tool-schema";

const openApi = (parameters: unknown) => compileToolSchema("t", parameters, "gemini", false, true);
const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties,
  ...extra,
});

const schemaKeys: ReadonlySet<string> = new Set(geminiSchemaKeys);

function everyKey(node: unknown, visit: (key: string) => void): void {
  if (Array.isArray(node)) for (const entry of node) everyKey(entry, visit);
  else if (typeof node === "object" && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      visit(key);
      if (key === "properties")
        for (const child of Object.values(value as object)) everyKey(child, visit);
      else if (key === "items" || key === "anyOf") everyKey(value, visit);
    }
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Gemini schemaField: parameters (SPEC §8.5)", () => {
  it.each([
    [
      "type upper-cased, const → enum",
      object({ k: { const: "a" } }, { required: ["k"] }),
      { type: "OBJECT", properties: { k: { type: "STRING", enum: ["a"] } }, required: ["k"] },
    ],
    [
      "non-string enum → format enum",
      object({ n: { type: "integer", enum: [1, 2] } }),
      {
        type: "OBJECT",
        properties: { n: { type: "STRING", format: "enum", enum: ["1", "2"] } },
        required: [],
      },
    ],
    [
      "type array with null → nullable",
      object({ q: { type: ["string", "null"] } }),
      { type: "OBJECT", properties: { q: { nullable: true, type: "STRING" } }, required: [] },
    ],
    [
      "anyOf with a null branch → nullable",
      object({ q: { anyOf: [{ type: "number" }, { type: "null" }] } }),
      { type: "OBJECT", properties: { q: { nullable: true, type: "NUMBER" } }, required: [] },
    ],
    [
      "$ref inlined",
      object({ a: { $ref: "#/$defs/A" } }, { $defs: { A: { type: "boolean" } } }),
      { type: "OBJECT", properties: { a: { type: "BOOLEAN" } }, required: [] },
    ],
    [
      "int64 limits as strings",
      object({ s: { type: "string", maxLength: 5 } }),
      { type: "OBJECT", properties: { s: { type: "STRING", maxLength: "5" } }, required: [] },
    ],
  ])("%s", (_name, schema, expected) => {
    const compiled = openApi(schema);
    expect(compiled.schemaField).toBe("parameters");
    expect(compiled.parameters).toEqual(expected);
  });

  it("should relax additionalProperties and unknown keys into the description, and drop optional null properties", () => {
    const compiled = openApi(
      object(
        { a: { type: "string", uniqueItems: true }, gone: { type: "null" } },
        { additionalProperties: false },
      ),
    );
    expect(compiled.parameters).toEqual({
      type: "OBJECT",
      properties: { a: { type: "STRING", description: "{uniqueItems: true}" } },
      required: [],
      description: '{properties.gone: {"type":"null"}, additionalProperties: false}',
    });
    expect(compiled.relaxed.map((entry) => entry.keyword)).toEqual([
      "uniqueItems",
      "properties.gone",
      "additionalProperties",
    ]);
  });

  it("should send a typeless node as a JSON-encoded string and parse it back", () => {
    const compiled = openApi(
      object({ value: { description: "Anything." } }, { required: ["value"] }),
    );
    expect(readPath(compiled.parameters, "properties", "value")).toEqual({
      type: "STRING",
      description: "Anything. (any JSON value, JSON-encoded)",
    });
    expect(compiled.denormalize({ value: '{"a":[1,2]}' })).toEqual({ value: { a: [1, 2] } });
    expect(compiled.denormalize({ value: "not json" })).toEqual({ value: "not json" });
  });

  it.each([
    [
      "recursion",
      object({ n: { $ref: "#/$defs/N" } }, { $defs: { N: object({ c: { $ref: "#/$defs/N" } }) } }),
      "recursive",
    ],
    ["a property name Gemini refuses", object({ "a-b": { type: "string" } }), "property name"],
  ])("should fall back to parametersJsonSchema on %s, with a warning", (_name, schema, reason) => {
    const tools = toProviderTools([{ name: "t", description: "d", parameters: schema }], "gemini", {
      gemini: { schemaField: "parameters" },
    });
    expect(tools.tools[0]?.functionDeclarations[0]).toHaveProperty("parametersJsonSchema");
    expect(tools.warnings).toEqual([
      { tool: "t", kind: "fallback", detail: expect.stringContaining(reason) },
    ]);
  });

  it("should drop default: null, as the Gemini SDK does, and keep other defaults", () => {
    const compiled = openApi(
      object({ a: { type: "string", default: null }, b: { type: "string", default: "x" } }),
    );
    expect(compiled.parameters).toEqual({
      type: "OBJECT",
      properties: { a: { type: "STRING" }, b: { type: "STRING", default: "x" } },
      required: [],
    });
    expect(compiled.relaxed).toEqual([]);
  });

  it("should keep required names that properties do not declare visible, and warn", () => {
    // BFCL's `population: {type: "object", required: ["adults", "children"]}`: no properties.
    const schema = object(
      {
        population: { type: "object", required: ["adults", "children"] },
        city: { type: "string" },
      },
      { required: ["city", "country"] },
    );
    const tools = toProviderTools([{ name: "t", description: "d", parameters: schema }], "gemini", {
      gemini: { schemaField: "parameters" },
    });
    expect(tools.tools[0]?.functionDeclarations[0]?.parameters).toEqual({
      type: "OBJECT",
      properties: {
        population: {
          type: "OBJECT",
          required: [],
          description: '{required: ["adults","children"]}',
        },
        city: { type: "STRING" },
      },
      required: ["city"],
      description: '{required: ["country"]}',
    });
    expect(tools.compiled.get("t")?.relaxed).toEqual([
      { schemaPath: "/properties/population", keyword: "required", value: ["adults", "children"] },
      { schemaPath: "", keyword: "required", value: ["country"] },
    ]);
    expect(tools.warnings.map((warning) => warning.detail)).toEqual([
      'required at "/properties/population" is not enforced; it is written into the description',
      'required at "" is not enforced; it is written into the description',
    ]);
  });

  it("O4: the SDK sends default: null and undeclared required names as we do (nothing stripped)", async () => {
    const schema = object(
      {
        a: { type: "string", default: null },
        population: { type: "object", required: ["adults"] },
      },
      { required: ["a"] },
    );
    const tools = toProviderTools([{ name: "t", description: "d", parameters: schema }], "gemini", {
      gemini: { schemaField: "parameters" },
    });
    let sent: { tools?: unknown } | undefined;
    vi.stubGlobal("fetch", async (_url: unknown, init: { body: string }) => {
      sent = JSON.parse(init.body);
      return Response.json({
        candidates: [{ content: { role: "model", parts: [{ text: "ok" }] }, finishReason: "STOP" }],
      });
    });
    await new GoogleGenAI({ apiKey: "test" }).models.generateContent({
      model: "gemini-2.5-flash",
      contents: "hi",
      config: { tools: structuredClone(tools.tools) as never },
    });
    expect(sent?.tools).toEqual(tools.tools);
  });

  it("O4: the SDK sends our schemas unchanged (a fixpoint of processJsonSchema), every key in keyof Schema", async () => {
    const tools = toProviderTools(corpusDeclarations(false), "gemini", {
      gemini: { schemaField: "parameters" },
    });
    const declarations = tools.tools[0]?.functionDeclarations ?? [];
    const withParameters = declarations.filter(
      (declaration) => declaration.parameters !== undefined,
    );
    expect(withParameters.length).toBeGreaterThanOrEqual(25);
    for (const declaration of withParameters)
      everyKey(declaration.parameters, (key) =>
        expect(schemaKeys, `${declaration.name}: ${key}`).toContain(key),
      );
    let sent: { tools?: unknown } | undefined;
    vi.stubGlobal("fetch", async (_url: unknown, init: { body: string }) => {
      sent = JSON.parse(init.body);
      return Response.json({
        candidates: [{ content: { role: "model", parts: [{ text: "ok" }] }, finishReason: "STOP" }],
      });
    });
    await new GoogleGenAI({ apiKey: "test" }).models.generateContent({
      model: "gemini-2.5-flash",
      contents: "hi",
      config: { tools: structuredClone(tools.tools) as never },
    });
    expect(sent?.tools).toEqual(tools.tools);
  });
});
