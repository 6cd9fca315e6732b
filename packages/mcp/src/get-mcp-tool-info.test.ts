import { defineTool } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { getEffectiveHints, getMcpToolInfo } from "./get-mcp-tool-info";

describe("getEffectiveHints", () => {
  it.each([
    [undefined, { readOnly: false, destructive: true, idempotent: false, openWorld: true }],
    [{}, { readOnly: false, destructive: true, idempotent: false, openWorld: true }],
    [
      { readOnlyHint: true, destructiveHint: true },
      { readOnly: true, destructive: false, idempotent: false, openWorld: true },
    ],
    [
      { destructiveHint: false, idempotentHint: true, openWorldHint: false },
      { readOnly: false, destructive: false, idempotent: true, openWorld: false },
    ],
    [
      { readOnlyHint: false, destructiveHint: true },
      { readOnly: false, destructive: true, idempotent: false, openWorld: true },
    ],
  ])("should apply the MCP defaults to %j", (annotations, expected) => {
    expect(getEffectiveHints(annotations)).toEqual(expected);
  });
});

describe("getMcpToolInfo", () => {
  it("should give undefined for a tool that was not mounted, and for non-tools", () => {
    const local = defineTool({
      name: "local",
      description: "A local tool",
      execute: () => ({ content: [] }),
    });
    expect(getMcpToolInfo(local)).toBeUndefined();
    expect(getMcpToolInfo(null as never)).toBeUndefined();
  });
});
