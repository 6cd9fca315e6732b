import { describe, expect, it, vi } from "vitest";
import { truncatedToolCallText } from "../call/executor-texts";
import { createToolCall, describeEvents, echoTool } from "../test-support";
import { failTruncatedToolCalls } from "./fail-truncated-tool-calls";
import type { ToolExecutionEvent } from "./tool-events";

describe("failTruncatedToolCalls", () => {
  it("should run no tool and give each call, in order, start, end and the truncated-call result", async () => {
    const execute = vi.fn();
    const before = vi.fn();
    const events: ToolExecutionEvent[] = [];
    const batch = await failTruncatedToolCalls(
      [createToolCall("1", "echo", { value: "a" }), createToolCall("2", "write", { pa: 1 })],
      {
        tools: [{ ...echoTool, execute }],
        beforeToolCall: before,
        onEvent: (event) => void events.push(event),
      },
    );
    expect(execute).not.toHaveBeenCalled();
    expect(before).not.toHaveBeenCalled();
    expect(describeEvents(events)).toEqual([
      "tool_execution_start:1",
      "tool_execution_end:1",
      "tool_result:1",
      "tool_execution_start:2",
      "tool_execution_end:2",
      "tool_result:2",
    ]);
    expect(batch.terminate).toBe(false);
    expect(batch.messages[1]).toMatchObject({
      toolCallId: "2",
      toolName: "write",
      content: [
        {
          type: "text",
          text: 'Tool call "write" was not executed: the response hit the output token limit, so its arguments may be truncated. Re-issue the tool call with complete arguments.',
        },
      ],
      details: {},
      isError: true,
    });
    expect(batch.messages[0]).not.toHaveProperty("durationMs");
    expect(batch.outcomes.map((outcome) => outcome.isError)).toEqual([true, true]);
    expect(batch.messages[1]?.content).toEqual([
      { type: "text", text: truncatedToolCallText("write") },
    ]);
  });
});
