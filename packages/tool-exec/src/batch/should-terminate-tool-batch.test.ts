import type { ToolResult } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { createToolCall } from "../test-support";
import { shouldTerminateToolBatch } from "./should-terminate-tool-batch";

function outcome(result: Partial<ToolResult>) {
  return {
    toolCall: createToolCall("1", "t"),
    result: { content: [], ...result },
    isError: result.isError === true,
  };
}

describe("shouldTerminateToolBatch", () => {
  it.each<[string, Partial<ToolResult>[], boolean]>([
    ["an empty batch", [], false],
    ["one terminate", [{ terminate: true }], true],
    ["all terminate", [{ terminate: true }, { terminate: true, isError: true }], true],
    ["one without terminate", [{ terminate: true }, {}], false],
    ["an error without terminate", [{ terminate: true }, { isError: true }], false],
    ["terminate that is not exactly true", [{ terminate: "yes" as unknown as boolean }], false],
  ])("should decide %s", (_name, results, expected) => {
    expect(shouldTerminateToolBatch(results.map(outcome))).toBe(expected);
  });
});
