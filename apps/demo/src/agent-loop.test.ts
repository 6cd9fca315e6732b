import { ToolRegistry } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import type { AgentEvent } from "./agent-event";
import { runAgentLoop } from "./agent-loop";
import type { ChatModel } from "./chat-model";
import { createScriptedModel } from "./scripted-model";
import { deleteFileTool, echoTool, finishTool } from "./tools";

const echoForever: ChatModel = {
  name: "loop",
  async complete({ messages }) {
    return {
      message: {
        role: "assistant",
        content: [
          {
            type: "toolCall",
            id: `call_${messages.length}`,
            name: "echo",
            arguments: { value: "again" },
          },
        ],
        stopReason: "toolUse",
        timestamp: 0,
      },
    };
  },
};

async function run(model: ChatModel, extra: { maxTurns?: number; signal?: AbortSignal } = {}) {
  const events: AgentEvent[] = [];
  const result = await runAgentLoop({
    model,
    registry: new ToolRegistry([echoTool, finishTool]),
    systemPrompt: "system",
    task: "task",
    ...extra,
    onEvent: (event) => void events.push(event),
  });
  return { result, events };
}

describe("runAgentLoop", () => {
  it("should stop at maxTurns when the model never stops calling tools", async () => {
    const { result, events } = await run(echoForever, { maxTurns: 3 });
    expect(result).toMatchObject({ reason: "max_turns", turns: 3 });
    expect(events.filter((event) => event.type === "model_request")).toHaveLength(3);
    // Every call of every batch got its paired result in the transcript.
    const calls = result.messages.flatMap((message) =>
      message.role === "assistant"
        ? message.content.filter((part) => part.type === "toolCall")
        : [],
    );
    const results = result.messages.filter((message) => message.role === "toolResult");
    expect(results.map((message) => message.toolCallId)).toEqual(
      calls.map((call) => call.type === "toolCall" && call.id),
    );
  });

  it("should stop when the model answers without tool calls", async () => {
    const { result } = await run(createScriptedModel([]));
    expect(result.reason).toBe("answered");
    expect(result.messages.at(-1)).toMatchObject({
      role: "assistant",
      content: [{ type: "text", text: "All done." }],
    });
  });

  it("should declare the tools once, in the first system message, and not again while they stay the same", async () => {
    const { result, events } = await run(echoForever, { maxTurns: 2 });
    expect(events.filter((event) => event.type === "tools_declared")).toHaveLength(1);
    expect(result.messages[0]).toMatchObject({
      role: "system",
      content: "system",
      toolsAdded: [{ name: "echo" }, { name: "finish" }],
    });
    expect(result.messages.filter((message) => message.role === "system")).toHaveLength(1);
  });

  it("should end with model_error and the message when the model rejects", async () => {
    const failing: ChatModel = {
      name: "failing",
      complete: () => Promise.reject(new Error("connection refused")),
    };
    const { result, events } = await run(failing);
    expect(result.reason).toBe("model_error");
    expect(events.at(-1)).toEqual({
      type: "loop_end",
      turn: 1,
      reason: "model_error",
      error: "connection refused",
    });
  });

  it("should stop before the next request once the signal aborted", async () => {
    const controller = new AbortController();
    const abortingModel: ChatModel = {
      name: "aborting",
      async complete(request) {
        controller.abort();
        return echoForever.complete(request);
      },
    };
    const { result } = await run(abortingModel, { signal: controller.signal });
    expect(result).toMatchObject({ reason: "aborted", turns: 1 });
    expect(result.messages.at(-1)).toMatchObject({
      role: "toolResult",
      isError: true,
      content: [{ text: "Operation aborted" }],
    });
  });

  it("should stop as suspended when nobody answers a suspended batch, with no results appended", async () => {
    const model = createScriptedModel([
      {
        title: "delete",
        narration: "",
        calls: () => [
          { name: "echo", argumentsText: '{"value": "first"}' },
          { name: "delete_file", argumentsText: '{"path": "x.txt"}' },
        ],
      },
    ]);
    const events: AgentEvent[] = [];
    const suspended: string[] = [];
    const result = await runAgentLoop({
      model,
      registry: new ToolRegistry([echoTool, deleteFileTool]),
      systemPrompt: "system",
      task: "task",
      onEvent: (event) => void events.push(event),
      async onSuspended(batch, turn) {
        suspended.push(`${turn}:${batch.pending.map((request) => request.toolCall.id).join(",")}`);
        return undefined;
      },
    });
    expect(result.reason).toBe("suspended");
    expect(suspended).toEqual(["1:call_1_2"]);
    expect(result.messages.some((message) => message.role === "toolResult")).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: "loop_end", reason: "suspended" });
  });
});
