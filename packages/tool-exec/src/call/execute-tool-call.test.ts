import { describe, expect, it } from "vitest";
import { createToolCall, echoTool } from "../test-support";
import { executeToolCall } from "./execute-tool-call";

describe("executeToolCall", () => {
  it("should return the paired message of the chapter's echo call", async () => {
    const message = await executeToolCall(
      createToolCall("call-1", "echo", { value: "Pi", ignored: "drop me" }),
      [echoTool],
    );
    expect(message).toMatchObject({
      role: "toolResult",
      toolCallId: "call-1",
      toolName: "echo",
      content: [{ type: "text", text: "Pi" }],
      details: { source: "echo" },
      isError: false,
    });
    expect(Number.isFinite(message.timestamp)).toBe(true);
  });

  it.each([
    ["an unknown tool", createToolCall("call-1", "missing"), "Tool missing not found"],
    [
      "invalid arguments",
      createToolCall("call-1", "echo", { value: { nested: true } }),
      /^Validation failed/,
    ],
  ])(
    "should pair %s with an error message under the same id and name",
    async (_name, call, text) => {
      const message = await executeToolCall(call, [echoTool]);
      expect(message.toolCallId).toBe("call-1");
      expect(message.toolName).toBe(call.name);
      expect(message.isError).toBe(true);
      expect((message.content[0] as { text: string }).text).toMatch(text);
      expect(message).not.toHaveProperty("durationMs");
    },
  );

  it("should truncate the message's text", async () => {
    const message = await executeToolCall(
      createToolCall("1", "echo", { value: "a\nb\nc" }),
      [echoTool],
      { truncation: { maxLines: 1 } },
    );
    expect((message.content[0] as { text: string }).text).toBe(
      "a\n\n[Output truncated: showing 1 of 3 lines (2 of 5 bytes).]",
    );
  });
});
