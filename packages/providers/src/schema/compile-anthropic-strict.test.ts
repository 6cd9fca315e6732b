import { transformJSONSchema } from "@anthropic-ai/sdk/lib/transform-json-schema";
import { describe, expect, it } from "vitest";
import { corpusDeclarations } from "../__fixtures__/corpus";
import { readPath } from "../__fixtures__/read-path";
import { toProviderTools } from "../to-provider-tools";
import { prePassAnthropic } from "./anthropic-pre-passes";
import { compileToolSchema } from "./compile-tool-schema";
import { normalizeRoot } from "./normalize-root";

const strict = (parameters: unknown) => compileToolSchema("t", parameters, "anthropic", true);
const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties,
  ...extra,
});

describe("Anthropic strict: equal to the SDK's transformJSONSchema after our pre-passes (O3)", () => {
  const declarations = corpusDeclarations();
  it.each(declarations.map((declaration) => [declaration.name, declaration] as const))(
    "%s",
    (_name, declaration) => {
      const compiled = compileToolSchema(
        declaration.name,
        declaration.parameters,
        "anthropic",
        true,
      );
      if (!compiled.strict) {
        expect(compiled.downgrade.length).toBeGreaterThan(0);
        return;
      }
      const prePassed = prePassAnthropic(
        normalizeRoot(declaration.name, declaration.parameters, true),
      );
      expect(compiled.parameters).toStrictEqual(transformJSONSchema(prePassed.schema));
    },
  );

  it("should keep most of the corpus strict", () => {
    const strictCount = declarations.filter(
      (declaration) =>
        compileToolSchema(declaration.name, declaration.parameters, "anthropic", true).strict,
    ).length;
    expect(strictCount).toBeGreaterThanOrEqual(30);
  });
});

describe("Anthropic strict: rules", () => {
  it("should keep required as written and relax what the SDK relaxes, with the SDK's description text", () => {
    const schema = object(
      {
        n: { type: "integer", minimum: 1, description: "count" },
        s: { type: "string", format: "uri", maxLength: 9 },
      },
      { required: ["n"] },
    );
    const compiled = strict(schema);
    expect(compiled.parameters).toStrictEqual(transformJSONSchema(schema));
    expect(readPath(compiled.parameters, "required")).toEqual(["n"]);
    expect(readPath(compiled.parameters, "properties", "n", "description")).toBe(
      "count\n\n{minimum: 1}",
    );
    expect(compiled.relaxed.map((entry) => [entry.schemaPath, entry.keyword])).toEqual([
      ["/properties/n", "minimum"],
      ["/properties/s", "maxLength"],
    ]);
  });

  it("should move an unsupported format and minItems > 1 last, as the SDK does", () => {
    const schema = object(
      {
        s: { type: "string", format: "binary", pattern: "x" },
        l: { type: "array", items: { type: "string" }, minItems: 2, maxItems: 4 },
      },
      { required: ["s"] },
    );
    expect(strict(schema).parameters).toStrictEqual(transformJSONSchema(schema));
    expect(readPath(strict(schema).parameters, "properties", "s", "description")).toBe(
      '{pattern: "x", format: "binary"}',
    );
  });

  it("P1: should rename definitions to $defs and rewrite refs", () => {
    const compiled = strict(
      object({ a: { $ref: "#/definitions/A" } }, { definitions: { A: { type: "string" } } }),
    );
    expect(compiled.parameters).toEqual({
      type: "object",
      properties: { a: { $ref: "#/$defs/A" } },
      $defs: { A: { type: "string" } },
      required: [],
      additionalProperties: false,
    });
  });

  it("P2: should split a nullable object type array into anyOf", () => {
    const compiled = strict(
      object({
        o: {
          type: ["object", "null"],
          description: "opt",
          properties: { v: { type: "boolean" } },
          additionalProperties: false,
        },
      }),
    );
    expect(readPath(compiled.parameters, "properties", "o")).toEqual({
      anyOf: [
        { type: "object", properties: { v: { type: "boolean" } }, additionalProperties: false },
        { type: "null" },
      ],
      description: "opt",
    });
  });

  it("P3 and P4: should merge allOf and inline $ref siblings", () => {
    const compiled = strict(
      object(
        {
          a: { allOf: [object({ x: { type: "string" } }), object({ y: { type: "number" } })] },
          b: { $ref: "#/$defs/B", maxLength: 3 },
        },
        { $defs: { B: { type: "string" } } },
      ),
    );
    expect(compiled.strict).toBe(true);
    expect(readPath(compiled.parameters, "properties", "a", "properties")).toEqual({
      x: { type: "string" },
      y: { type: "number" },
    });
    expect(readPath(compiled.parameters, "properties", "b")).toEqual({
      type: "string",
      description: "{maxLength: 3}",
    });
  });

  it.each([
    [
      "a record",
      object({ h: { type: "object", additionalProperties: { type: "string" } } }),
      "open-object",
    ],
    [
      "patternProperties",
      object({ h: object({}, { patternProperties: { x: { type: "string" } } }) }),
      "open-object",
    ],
    ["a typeless node", object({ v: {} }), "untyped"],
    [
      "recursion",
      object(
        { n: { $ref: "#/$defs/N" } },
        { $defs: { N: object({ c: { type: "array", items: { $ref: "#/$defs/N" } } }) } },
      ),
      "recursive",
    ],
    ["a tuple", object({ t: { type: "array", prefixItems: [{ type: "string" }] } }), "tuple"],
  ])("should refuse %s", (_name, schema, reason) => {
    const compiled = strict(schema);
    expect(compiled.strict).toBe(false);
    expect(compiled.downgrade.map((problem) => problem.reason)).toContain(reason);
  });
});

describe("Anthropic strict: per-request budgets", () => {
  const optionalTool = (name: string, optional: number, unions = 0) => ({
    name,
    description: name,
    constrainedSampling: true,
    parameters: object(
      Object.fromEntries([
        ...Array.from({ length: optional }, (_, index) => [`o${index}`, { type: "string" }]),
        ...Array.from({ length: unions }, (_, index) => [
          `u${index}`,
          { type: ["string", "number"] },
        ]),
      ]),
      { required: Array.from({ length: unions }, (_, index) => `u${index}`) },
    ),
  });

  it("should admit at most 20 strict tools, greedily in order", () => {
    const tools = toProviderTools(
      Array.from({ length: 22 }, (_, index) => optionalTool(`t${index}`, 0)),
      "anthropic",
    );
    const strictNames = [...tools.compiled.values()]
      .filter((tool) => tool.strict)
      .map((tool) => tool.name);
    expect(strictNames).toHaveLength(20);
    expect(tools.compiled.get("t20")?.downgrade).toEqual([
      { pointer: "", keyword: "strict", reason: "budget:strict-tools" },
    ]);
    expect(
      tools.warnings.filter((warning) => warning.kind === "budget").map((warning) => warning.tool),
    ).toEqual(["t20", "t21"]);
    expect("strict" in (tools.tools[20] as object)).toBe(false);
  });

  it("should refuse a tool that would exceed 24 optional parameters and keep admitting later ones", () => {
    const tools = toProviderTools(
      [optionalTool("a", 20), optionalTool("b", 5), optionalTool("c", 4)],
      "anthropic",
    );
    expect([...tools.compiled.values()].map((tool) => tool.strict)).toEqual([true, false, true]);
    expect(tools.compiled.get("b")?.downgrade[0]?.reason).toBe("budget:optional-params");
  });

  it("should refuse a tool that would exceed 16 union parameters", () => {
    const tools = toProviderTools([optionalTool("a", 0, 10), optionalTool("b", 0, 7)], "anthropic");
    expect(tools.compiled.get("b")?.downgrade[0]?.reason).toBe("budget:union-params");
  });

  it("should count optional parameters at every depth, each $defs entry once", () => {
    const strings = (count: number) =>
      Object.fromEntries(
        Array.from({ length: count }, (_, index) => [`o${index}`, { type: "string" }]),
      );
    const shared = {
      name: "shared",
      description: "shared",
      constrainedSampling: true,
      parameters: object(
        { x: { $ref: "#/$defs/D" }, y: { $ref: "#/$defs/D" } },
        { required: ["x", "y"], $defs: { D: object(strings(13), { required: [] }) } },
      ),
    };
    // 13 (the $defs entry, referenced twice) + 11 = 24 fits; one more does not.
    const tools = toProviderTools(
      [shared, optionalTool("fits", 11), optionalTool("over", 1)],
      "anthropic",
    );
    expect([...tools.compiled.values()].map((tool) => tool.strict)).toEqual([true, true, false]);
    const nested = toProviderTools(
      [
        {
          name: "nested",
          description: "nested",
          constrainedSampling: true,
          parameters: object(
            { inner: object(strings(25), { required: [] }) },
            { required: ["inner"] },
          ),
        },
      ],
      "anthropic",
    );
    expect(nested.compiled.get("nested")?.downgrade[0]?.reason).toBe("budget:optional-params");
  });

  it("should charge no budget for tools that are not strict-requested or cannot be strict", () => {
    const open = optionalTool("open", 30);
    const tools = toProviderTools(
      [
        { ...optionalTool("plain", 30), constrainedSampling: false },
        { ...open, parameters: { ...open.parameters, additionalProperties: true } },
        optionalTool("admitted", 24),
      ],
      "anthropic",
    );
    expect([...tools.compiled.values()].map((tool) => [tool.name, tool.strict])).toEqual([
      ["plain", false],
      ["open", false],
      ["admitted", true],
    ]);
    expect(tools.compiled.get("open")?.downgrade[0]?.reason).toBe("open-object");
  });

  it("should never change an earlier declaration when a tool is added", () => {
    const first = [optionalTool("a", 3), optionalTool("b", 20)];
    const before = toProviderTools(first, "anthropic").tools;
    const after = toProviderTools([...first, optionalTool("c", 10)], "anthropic").tools;
    expect(JSON.stringify(after.slice(0, 2))).toBe(JSON.stringify(before));
  });
});
