import type { ToolResultMessage } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { toAiSdkToolMessages } from "./to-ai-sdk-tool-messages";

function result(id: string, text: string, isError = false): ToolResultMessage {
  return {
    role: "toolResult",
    toolCallId: id,
    toolName: "lookup",
    content: [{ type: "text", text }],
    details: { secret: "details stay here" },
    usage: undefined,
    isError,
    timestamp: 0,
  };
}

describe("toAiSdkToolMessages", () => {
  it("should give one tool message with the results in the order given, errors as error text", () => {
    expect(toAiSdkToolMessages([result("b", "second"), result("a", "failed", true)])).toEqual([
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "b",
            toolName: "lookup",
            output: { type: "text", value: "second" },
          },
          {
            type: "tool-result",
            toolCallId: "a",
            toolName: "lookup",
            output: { type: "error-text", value: "failed" },
          },
        ],
      },
    ]);
  });

  it("should give no message for no results", () => {
    expect(toAiSdkToolMessages([])).toEqual([]);
  });
});
