import type { AssistantMessage, Tool } from "@toolwright/tool-core";
import { describe, expect, it, vi } from "vitest";
import { truncatedToolCallText } from "../call/executor-texts";
import { ToolRunnerSeam } from "../call/tool-runner-seam";
import {
  countingTool,
  createToolCall,
  describeEvents,
  echoTool,
  expectComplete,
  firstText,
  recordEvents,
} from "../test-support";
import { executeAssistantMessage } from "./execute-assistant-message";

function assistant(
  content: AssistantMessage["content"],
  stopReason?: AssistantMessage["stopReason"],
): AssistantMessage {
  return {
    role: "assistant",
    content,
    timestamp: 0,
    ...(stopReason === undefined ? {} : { stopReason }),
  };
}

const first = createToolCall("c1", "echo", { value: "one" });
const second = createToolCall("c2", "echo", { value: "two" });

describe("executeAssistantMessage", () => {
  it("should run the message's tool calls in source order, skipping text and thinking", async () => {
    const message = assistant(
      [{ type: "thinking", thinking: "let me look" }, first, { type: "text", text: "and" }, second],
      "toolUse",
    );
    const { events, onEvent } = recordEvents();
    const batch = expectComplete(
      await executeAssistantMessage(message, { tools: [echoTool], onEvent }),
    );
    expect(batch.mode).toBe("parallel");
    expect(batch.messages.map((result) => firstText(result))).toEqual(["one", "two"]);
    expect(describeEvents(events).filter((event) => event.startsWith("tool_result"))).toEqual([
      "tool_result:c1",
      "tool_result:c2",
    ]);
  });

  it("should fail every call with the truncation text when stopReason is length", async () => {
    const tool = countingTool({ name: "echo" });
    const batch = expectComplete(
      await executeAssistantMessage(assistant([first, second], "length"), {
        tools: [tool],
      }),
    );
    expect(batch.mode).toBe("truncated");
    expect(tool.calls).toHaveLength(0);
    expect(batch.terminate).toBe(false);
    expect(batch.outcomes.map((outcome) => outcome.errorType)).toEqual([
      "truncated_tool_call",
      "truncated_tool_call",
    ]);
    expect(firstText(batch.messages[0] as never)).toBe(truncatedToolCallText("echo"));
  });

  it("should say sequential when a called tool demands it", async () => {
    const serial: Tool = { ...echoTool, name: "serial", executionMode: "sequential" };
    const batch = expectComplete(
      await executeAssistantMessage(
        assistant([first, createToolCall("c3", "serial", { value: "s" })]),
        { tools: [echoTool, serial] },
      ),
    );
    expect(batch.mode).toBe("sequential");
  });

  it("should give both hooks the message, and the hooks of nested calls too", async () => {
    const outer: Tool = {
      name: "outer",
      description: "Calls echo",
      async execute(_params, context) {
        const nested = await context.use(ToolRunnerSeam).runToolCall(first);
        return { content: nested.result.content };
      },
    };
    const message = assistant([createToolCall("o1", "outer")]);
    const before = vi.fn();
    const after = vi.fn();
    expectComplete(
      await executeAssistantMessage(message, {
        tools: [echoTool, outer],
        beforeToolCall: before,
        afterToolCall: after,
      }),
    );
    expect(before).toHaveBeenCalledTimes(2);
    for (const [context] of [...before.mock.calls, ...after.mock.calls]) {
      expect((context as { assistantMessage: unknown }).assistantMessage).toBe(message);
    }
  });

  it("should give an empty batch for a message without tool calls", async () => {
    const { events, onEvent } = recordEvents();
    const batch = expectComplete(
      await executeAssistantMessage(assistant([{ type: "text", text: "done" }], "stop"), {
        tools: [echoTool],
        onEvent,
      }),
    );
    expect(batch).toMatchObject({ messages: [], outcomes: [], terminate: false, mode: "parallel" });
    expect(events).toEqual([]);
  });
});
