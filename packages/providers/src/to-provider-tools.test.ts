import { defineTool, ToolRegistry } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { corpusDeclarations } from "./__fixtures__/corpus";
import { ProviderError } from "./provider-error";
import { toProviderTools } from "./to-provider-tools";

const search = {
  name: "web.search",
  description: "Search the web.",
  parameters: {
    type: "object",
    properties: { q: { type: "string" }, limit: { type: "integer" } },
    required: ["q"],
  },
  constrainedSampling: true,
};

describe("toProviderTools", () => {
  it("should emit each dialect's tool entry shape", () => {
    expect(toProviderTools([search], "openai-chat").tools[0]).toEqual({
      type: "function",
      function: {
        name: "web_search",
        description: "Search the web.",
        parameters: expect.any(Object),
        strict: true,
      },
    });
    expect(toProviderTools([search], "openai-responses", { strict: "none" }).tools[0]).toEqual({
      type: "function",
      name: "web_search",
      description: "Search the web.",
      parameters: { ...search.parameters },
      strict: false,
    });
    expect(toProviderTools([search], "anthropic").tools[0]).toEqual({
      name: "web_search",
      description: "Search the web.",
      input_schema: expect.any(Object),
      strict: true,
    });
    const gemini = toProviderTools(
      [search, { name: "now", description: "Time.", parameters: { type: "object" } }],
      "gemini",
    );
    expect(gemini.tools).toEqual([
      {
        functionDeclarations: [
          {
            name: "web.search",
            description: "Search the web.",
            parametersJsonSchema: search.parameters,
          },
          { name: "now", description: "Time." },
        ],
      },
    ]);
    expect(gemini.extras).toEqual({ toolConfig: { functionCallingConfig: { mode: "VALIDATED" } } });
    expect(gemini.compiled.get("web.search")?.strict).toBe(true);
    expect(gemini.compiled.get("now")?.parameters).toBeUndefined();
  });

  it("should follow the strict option", () => {
    const plain = { ...search, name: "plain", constrainedSampling: undefined };
    expect(
      toProviderTools([search, plain], "openai-chat").tools.map((tool) => tool.function.strict),
    ).toEqual([true, false]);
    expect(
      toProviderTools([search, plain], "openai-chat", { strict: "all" }).tools.map(
        (tool) => tool.function.strict,
      ),
    ).toEqual([true, true]);
    expect(
      toProviderTools([search, plain], "openai-chat", { strict: "none" }).tools.map(
        (tool) => tool.function.strict,
      ),
    ).toEqual([false, false]);
    expect(toProviderTools([plain], "gemini").extras).toEqual({});
  });

  it("should downgrade with warnings, or throw under unrepresentable: throw", () => {
    const open = {
      name: "open",
      description: "d",
      constrainedSampling: true,
      parameters: { type: "object", properties: { meta: { type: "object" } } },
    };
    const tools = toProviderTools([open], "openai-chat");
    expect(tools.compiled.get("open")).toMatchObject({
      strictRequested: true,
      strict: false,
      downgrade: [{ pointer: "/properties/meta", keyword: "properties", reason: "open-object" }],
    });
    expect(tools.warnings).toEqual([
      { tool: "open", kind: "downgrade", detail: expect.stringContaining("/properties/meta") },
    ]);
    expect(() => toProviderTools([open], "openai-chat", { unrepresentable: "throw" })).toThrow(
      expect.objectContaining({
        code: "UNSUPPORTED_SCHEMA",
        message: expect.stringContaining('"/properties/meta" properties (open-object)'),
      }),
    );
  });

  it("should accept a ToolRegistry and keep constrainedSampling", () => {
    const registry = new ToolRegistry([
      defineTool({
        name: "echo",
        description: "Echo.",
        parameters: { type: "object", properties: { text: { type: "string" } } },
        constrainedSampling: true,
        execute: async () => ({ content: [], details: undefined }),
      } as never),
    ]);
    const tools = toProviderTools(registry, "openai-responses");
    expect(tools.compiled.get("echo")?.strict).toBe(true);
  });

  it.each([
    ["an unknown dialect", () => toProviderTools([search], "bedrock" as never)],
    ["duplicate names", () => toProviderTools([search, { ...search }], "openai-chat")],
    [
      "more than 128 Gemini declarations",
      () =>
        toProviderTools(
          Array.from({ length: 129 }, (_, index) => ({ ...search, name: `t${index}` })),
          "gemini",
        ),
    ],
  ])("should throw INVALID_ARGUMENT for %s", (_name, run) => {
    try {
      run();
      expect.unreachable();
    } catch (error) {
      expect(ProviderError.isInstance(error) && error.code).toBe("INVALID_ARGUMENT");
    }
  });

  it("should give byte-identical output for identical input, and reuse the compiled schema", () => {
    for (const dialect of ["openai-chat", "openai-responses", "anthropic", "gemini"] as const) {
      const first = toProviderTools(corpusDeclarations(), dialect);
      const second = toProviderTools(corpusDeclarations(), dialect);
      expect(JSON.stringify(second.tools)).toBe(JSON.stringify(first.tools));
      expect(JSON.stringify(second.extras)).toBe(JSON.stringify(first.extras));
    }
    const declarations = corpusDeclarations();
    const once = toProviderTools(declarations, "openai-chat");
    const twice = toProviderTools(declarations, "openai-chat");
    expect(twice.compiled.get("crm.create_contact")?.parameters).toBe(
      once.compiled.get("crm.create_contact")?.parameters,
    );
  });

  it("should never mutate the declarations", () => {
    const declarations = corpusDeclarations();
    const before = JSON.stringify(declarations);
    for (const dialect of ["openai-chat", "anthropic", "gemini"] as const)
      toProviderTools(declarations, dialect);
    expect(JSON.stringify(declarations)).toBe(before);
  });
});
