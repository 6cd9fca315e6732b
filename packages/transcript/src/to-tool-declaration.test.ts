import { Type } from "@sinclair/typebox";
import { type Tool, ToolRegistry } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { toToolDeclaration } from "./to-tool-declaration";
import { makeTestTool } from "./tool-test-support";
import { TranscriptError } from "./transcript-error";

describe("toToolDeclaration", () => {
  it.each([
    {
      rule: "keeps exactly name, description and parameters",
      tool: makeTestTool("read", { label: "Read", executionMode: "sequential", timeoutMs: 5 }),
      expected: {
        name: "read",
        description: "The read tool",
        parameters: {
          type: "object",
          properties: { input: { type: "string" } },
          required: ["input"],
        },
      },
    },
    {
      rule: "uses { type: 'object' } when parameters are absent",
      tool: makeTestTool("now", { parameters: undefined }),
      expected: { name: "now", description: "The now tool", parameters: { type: "object" } },
    },
    {
      rule: "keeps constrainedSampling true",
      tool: makeTestTool("a", { parameters: { type: "object" }, constrainedSampling: true }),
      expected: {
        name: "a",
        description: "The a tool",
        parameters: { type: "object" },
        constrainedSampling: true,
      },
    },
    {
      rule: "keeps constrainedSampling false, since it is defined",
      tool: makeTestTool("a", { parameters: { type: "object" }, constrainedSampling: false }),
      expected: {
        name: "a",
        description: "The a tool",
        parameters: { type: "object" },
        constrainedSampling: false,
      },
    },
    {
      rule: "drops undefined keys inside the schema",
      tool: makeTestTool("a", { parameters: { type: "object", description: undefined } }),
      expected: { name: "a", description: "The a tool", parameters: { type: "object" } },
    },
  ])("should $rule", ({ tool, expected }) => {
    const declaration = toToolDeclaration(tool);
    expect(declaration).toStrictEqual(expected);
    expect(Object.keys(declaration)).toStrictEqual(Object.keys(expected));
  });

  it.each([
    { form: "true", needsApproval: true },
    { form: "a function", needsApproval: () => ({ reason: "external email" }) },
  ])("should never declare needsApproval given as $form", ({ needsApproval }) => {
    const tool = makeTestTool("send", { needsApproval } as Partial<Tool>);
    const declaration = toToolDeclaration(tool);
    expect(declaration).not.toHaveProperty("needsApproval");
    expect(declaration).toStrictEqual(toToolDeclaration(makeTestTool("send")));
  });

  it("should declare what a registry's definitions() declares", () => {
    const tools = [
      makeTestTool("a", { constrainedSampling: true }),
      makeTestTool("b", { constrainedSampling: false }),
      makeTestTool("c", { parameters: undefined }),
    ];
    expect(tools.map(toToolDeclaration)).toStrictEqual(new ToolRegistry(tools).definitions());
  });

  it("should drop TypeBox's symbol keys", () => {
    const parameters = Type.Object({ path: Type.String() });
    const declaration = toToolDeclaration(makeTestTool("read", { parameters }));
    expect(Object.getOwnPropertySymbols(declaration.parameters)).toStrictEqual([]);
    const properties = declaration.parameters.properties as Record<string, object>;
    expect(Object.getOwnPropertySymbols(properties.path)).toStrictEqual([]);
    expect(declaration.parameters).toStrictEqual({
      type: "object",
      properties: { path: { type: "string" } },
      required: ["path"],
    });
  });

  it("should return a new deep copy on every call", () => {
    const tool = makeTestTool("read");
    const first = toToolDeclaration(tool);
    const second = toToolDeclaration(tool);
    expect(first).not.toBe(second);
    expect(first.parameters).not.toBe(tool.parameters);
    (first.parameters as { type: string }).type = "changed";
    expect(second.parameters.type).toBe("object");
    expect((tool.parameters as { type: string }).type).toBe("object");
  });

  it("should serialise each tool object once", () => {
    let serialisations = 0;
    const parameters = {
      type: "object",
      toJSON() {
        serialisations++;
        return { type: "object" };
      },
    };
    const tool = makeTestTool("counted", { parameters });
    for (let call = 0; call < 50; call++) toToolDeclaration(tool);
    expect(serialisations).toBe(1);
  });

  it.each([
    {
      reason: "a cycle",
      parameters: (() => {
        const cyclic: Record<string, unknown> = { type: "object" };
        cyclic.self = cyclic;
        return cyclic;
      })(),
    },
    { reason: "a bigint", parameters: { type: "object", maximum: 10n } },
  ])("should throw INVALID_TOOL for parameters with $reason", ({ parameters }) => {
    const tool = makeTestTool("broken", { parameters });
    let thrown: unknown;
    try {
      toToolDeclaration(tool);
    } catch (error) {
      thrown = error;
    }
    expect(TranscriptError.isInstance(thrown)).toBe(true);
    expect((thrown as TranscriptError).code).toBe("INVALID_TOOL");
    expect((thrown as TranscriptError).message).toContain('Tool "broken" cannot be declared');
  });
});
