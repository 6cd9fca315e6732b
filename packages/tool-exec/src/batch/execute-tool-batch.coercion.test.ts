import { ToolRegistry, type ToolResult } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { createToolCall, expectComplete, firstText } from "../test-support";
import { executeToolBatch } from "./execute-tool-batch";

// A plain tool object, as an application or an MCP mount writes it: registered in two registries.
const search = {
  name: "search",
  description: "s",
  parameters: {
    type: "object",
    properties: { path: { type: "string" } },
    required: ["path"],
    additionalProperties: false,
  },
  execute: async (params: unknown): Promise<ToolResult> => ({
    content: [{ type: "text", text: JSON.stringify(params) }],
  }),
} as const;

describe("executeToolBatch with a registry's coercion mode", () => {
  it("should validate by the mode of the registry it was given, not another registry's", async () => {
    new ToolRegistry([search], { coercion: "pi" });
    const modern = new ToolRegistry([search]);
    const call = createToolCall("c1", "search", { path: null });
    const batch = expectComplete(await executeToolBatch([call], { tools: modern }));
    expect(batch.messages[0]?.isError).toBe(true);
    expect(firstText(batch.messages[0] ?? { content: [] })).toContain(
      "path: expected string, got null",
    );
  });

  it("should apply Pi's rules where the run's registry asks for them", async () => {
    const legacy = new ToolRegistry([search], { coercion: "pi" });
    new ToolRegistry([search]);
    const call = createToolCall("c1", "search", { path: null });
    const batch = expectComplete(await executeToolBatch([call], { tools: legacy }));
    expect(firstText(batch.messages[0] ?? { content: [] })).toBe('{"path":"null"}');
  });
});
