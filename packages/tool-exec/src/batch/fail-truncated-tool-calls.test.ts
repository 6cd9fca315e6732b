import type { AssistantMessage } from "@toolwright/tool-core";
import { describe, expect, it, vi } from "vitest";
import { truncatedToolCallText } from "../call/executor-texts";
import { createMemoryJournal } from "../journal/create-memory-journal";
import { listOpenToolBatches } from "../journal/list-open-tool-batches";
import type { ToolCallJournal } from "../journal/tool-call-journal";
import { createToolCall, describeEvents, echoTool, firstText } from "../test-support";
import { executeAssistantMessage } from "./execute-assistant-message";
import { failTruncatedToolCalls } from "./fail-truncated-tool-calls";
import { recoverToolBatch } from "./recover-tool-batch";
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

  it("should journal the batch and every settled call before the first event, then completed, so recovery runs nothing", async () => {
    const log: string[] = [];
    const inner = createMemoryJournal();
    const journal: ToolCallJournal = {
      ...inner,
      async append(batchId, records) {
        await inner.append(batchId, records);
        log.push(records.map((record) => record.t).join("+"));
      },
    };
    const execute = vi.fn();
    const tools = [{ ...echoTool, execute }];
    const message: AssistantMessage = {
      role: "assistant",
      content: [createToolCall("1", "echo", { value: "a" }), createToolCall("2", "echo", {})],
      timestamp: 0,
      stopReason: "length",
    };
    const batch = await executeAssistantMessage(message, {
      tools,
      journal,
      batchId: "cut",
      onEvent: (event) => void log.push(event.type),
    });
    expect(batch).toMatchObject({ status: "complete", mode: "truncated" });
    expect(log[0]).toBe("batch+settled+settled");
    expect(log.at(-1)).toBe("completed");
    const records = await inner.read("cut");
    expect(records.map((record) => record.t)).toEqual(["batch", "settled", "settled", "completed"]);
    expect(records[2]).toMatchObject({
      t: "settled",
      callId: "2",
      outcome: { errorType: "truncated_tool_call", isError: true },
    });
    expect(await listOpenToolBatches(journal)).toEqual([]);
    const recovered = await recoverToolBatch("cut", { tools, journal });
    expect(
      recovered.status === "complete"
        ? recovered.outcomes.map((outcome) => firstText(outcome.result))
        : [],
    ).toEqual([truncatedToolCallText("echo"), truncatedToolCallText("echo")]);
    expect(execute).not.toHaveBeenCalled();
  });
});
