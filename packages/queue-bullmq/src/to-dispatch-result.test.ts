import { defineTool } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { toDispatchResult } from "./to-dispatch-result";

const resultTool = defineTool({
  name: "result_tool",
  description: "Returns a ToolResult.",
  parameters: { type: "object" },
  execute: () => ({ content: [] }),
});
const valueTool = defineTool({
  name: "value_tool",
  description: "Returns a value.",
  parameters: { type: "object" },
  output: { schema: { type: "object", additionalProperties: true }, render: () => "value" },
  execute: () => ({}),
});

describe("toDispatchResult", () => {
  it("should return a JSON value as a copy, undefined as null", () => {
    const value = { content: [{ type: "text", text: "hi" }], details: { n: 1 } };
    const result = toDispatchResult(resultTool, value);
    expect(result).toEqual({ status: "returned", value });
    expect(result.status === "returned" && result.value).not.toBe(value);
    expect(toDispatchResult(valueTool, undefined)).toEqual({ status: "returned", value: null });
  });

  it("should send a result tool's non-JSON details, structuredContent and usage as null, named in dropped", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const result = toDispatchResult(resultTool, {
      content: [{ type: "text", text: "ok" }],
      details: new Map(),
      structuredContent: cyclic,
      usage: { cost: 10n },
      isError: true,
    });
    expect(result).toEqual({
      status: "returned",
      value: {
        content: [{ type: "text", text: "ok" }],
        details: null,
        structuredContent: null,
        usage: null,
        isError: true,
      },
      dropped: ["details", "structuredContent", "usage"],
    });
  });

  it("should make non-JSON content, or a value tool's non-JSON value, an invalid_result naming the place", () => {
    expect(toDispatchResult(resultTool, { content: [{ type: "text", text: () => 1 }] })).toEqual({
      status: "threw",
      message:
        "Tool result_tool returned a value that cannot be sent back from the worker at /content/0/text: a function is not a JSON value",
      errorType: "invalid_result",
    });
    expect(toDispatchResult(valueTool, { when: new Date(0) })).toEqual({
      status: "threw",
      message:
        "Tool value_tool returned a value that cannot be sent back from the worker at /when: only plain objects are JSON values",
      errorType: "invalid_result",
    });
  });

  it("should keep a key named __proto__ a plain field", () => {
    const value = JSON.parse('{"content":[],"__proto__":{"x":1},"details":{"f":null}}');
    value.details.f = () => 1;
    const result = toDispatchResult(resultTool, value);
    expect(result.status).toBe("returned");
    const sent = result.status === "returned" ? (result.value as Record<string, unknown>) : {};
    expect(Object.keys(sent)).toEqual(["content", "__proto__", "details"]);
    const parsed = JSON.parse(JSON.stringify(sent));
    expect(Object.getOwnPropertyDescriptor(parsed, "__proto__")?.value).toEqual({ x: 1 });
  });
});
