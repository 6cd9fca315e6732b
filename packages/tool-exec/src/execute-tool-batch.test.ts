import type { Tool, ToolCall } from "@toolwright/tool-core";
import { describe, expect, it, vi } from "vitest";
import { executeToolBatch } from "./execute-tool-batch";
import { ABORTED_TEXT } from "./executor-texts";
import {
  createDeferred,
  createToolCall,
  type Deferred,
  describeEvents,
  echoTool,
  firstText,
  flushMicrotasks,
} from "./test-support";
import type { ToolExecutionEvent } from "./tool-events";

/** A tool whose calls each wait for a deferred the test resolves: `{ id }` → text `id`. */
function createGatedTool(name = "gated", overrides: Partial<Tool> = {}) {
  const gates = new Map<string, Deferred<void>>();
  const started: string[] = [];
  let active = 0;
  let maxActive = 0;
  const gate = (id: string) => {
    let deferred = gates.get(id);
    if (deferred === undefined) {
      deferred = createDeferred();
      gates.set(id, deferred);
    }
    return deferred;
  };
  const tool = {
    name,
    description: "Waits for the test",
    parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
    async execute(params: Readonly<Record<string, unknown>>) {
      const id = String(params.id);
      started.push(id);
      active++;
      maxActive = Math.max(maxActive, active);
      await gate(id).promise;
      active--;
      return { content: [{ type: "text" as const, text: id }] };
    },
    ...overrides,
  } as Tool;
  return {
    tool,
    started,
    open: (id: string) => gate(id).resolve(),
    get maxActive() {
      return maxActive;
    },
  };
}

function gatedCall(id: string, name = "gated"): ToolCall {
  return createToolCall(id, name, { id });
}

function recordEvents() {
  const events: ToolExecutionEvent[] = [];
  return { events, onEvent: (event: ToolExecutionEvent) => void events.push(event) };
}

describe("executeToolBatch", () => {
  it("should return nothing and not terminate for an empty batch", async () => {
    expect(await executeToolBatch([], { tools: [] })).toEqual({
      messages: [],
      outcomes: [],
      terminate: false,
    });
  });

  describe("parallel (the default)", () => {
    it("should emit ends in completion order and results in source order", async () => {
      const gated = createGatedTool();
      const { events, onEvent } = recordEvents();
      const batch = executeToolBatch([gatedCall("tool-1"), gatedCall("tool-2")], {
        tools: [gated.tool],
        onEvent,
      });
      await flushMicrotasks();
      expect(gated.started).toEqual(["tool-1", "tool-2"]);
      gated.open("tool-2");
      await flushMicrotasks();
      gated.open("tool-1");
      const { messages } = await batch;
      expect(describeEvents(events)).toEqual([
        "tool_execution_start:tool-1",
        "tool_execution_start:tool-2",
        "tool_execution_end:tool-2",
        "tool_execution_end:tool-1",
        "tool_result:tool-1",
        "tool_result:tool-2",
      ]);
      expect(messages.map((message) => message.toolCallId)).toEqual(["tool-1", "tool-2"]);
    });

    it("should run every preflight in source order before any execute", async () => {
      const order: string[] = [];
      const tool: Tool = {
        ...echoTool,
        execute: (params) => {
          order.push(`execute:${String((params as { value: unknown }).value)}`);
          return { content: [] };
        },
      };
      await executeToolBatch(
        [createToolCall("a", "echo", { value: "a" }), createToolCall("b", "echo", { value: "b" })],
        {
          tools: [tool],
          beforeToolCall: async ({ toolCall }) => {
            order.push(`before:${toolCall.id}`);
          },
          onEvent: (event) => {
            if (event.type === "tool_execution_start") order.push(`start:${event.toolCallId}`);
          },
        },
      );
      expect(order).toEqual([
        "start:a",
        "before:a",
        "start:b",
        "before:b",
        "execute:a",
        "execute:b",
      ]);
    });

    it("should end a call that fails in preflight at once, before later calls start", async () => {
      const gated = createGatedTool();
      const { events, onEvent } = recordEvents();
      const batch = executeToolBatch(
        [gatedCall("1"), createToolCall("2", "missing"), gatedCall("3")],
        { tools: [gated.tool], onEvent },
      );
      await flushMicrotasks();
      gated.open("1");
      gated.open("3");
      const { messages } = await batch;
      expect(describeEvents(events).slice(0, 4)).toEqual([
        "tool_execution_start:1",
        "tool_execution_start:2",
        "tool_execution_end:2",
        "tool_execution_start:3",
      ]);
      expect(firstText(messages[1] ?? { content: [] })).toBe("Tool missing not found");
    });

    it("should never run more than maxConcurrency calls at once", async () => {
      const gated = createGatedTool();
      const ids = ["1", "2", "3", "4", "5"];
      const batch = executeToolBatch(
        ids.map((id) => gatedCall(id)),
        {
          tools: [gated.tool],
          maxConcurrency: 2,
        },
      );
      await flushMicrotasks();
      expect(gated.started).toEqual(["1", "2"]);
      gated.open("2");
      await flushMicrotasks();
      expect(gated.started).toEqual(["1", "2", "3"]);
      for (const id of ids) gated.open(id);
      const { messages } = await batch;
      expect(gated.maxActive).toBe(2);
      expect(messages.map((message) => message.toolCallId)).toEqual(ids);
    });

    it.each([0, -1, 1.5, Number.NaN])("should reject a maxConcurrency of %s", async (value) => {
      await expect(executeToolBatch([], { tools: [], maxConcurrency: value })).rejects.toThrow(
        RangeError,
      );
    });

    it("should serialise calls whose lock keys overlap, in source order, and keep others parallel", async () => {
      const gated = createGatedTool("gated", {
        lockKeys: (params: Readonly<Record<string, unknown>>) => [
          String(params.id).split(":")[0] ?? "",
        ],
      } as Partial<Tool>);
      const calls = ["a:1", "b:1", "a:2", "a:3"].map((id) => gatedCall(id));
      const batch = executeToolBatch(calls, { tools: [gated.tool] });
      await flushMicrotasks();
      expect(gated.started).toEqual(["a:1", "b:1"]);
      gated.open("a:1");
      await flushMicrotasks();
      expect(gated.started).toEqual(["a:1", "b:1", "a:2"]);
      gated.open("a:2");
      await flushMicrotasks();
      expect(gated.started).toEqual(["a:1", "b:1", "a:2", "a:3"]);
      gated.open("a:3");
      gated.open("b:1");
      await batch;
    });

    it("should wait on every key of a call with several", async () => {
      const gated = createGatedTool("gated", {
        lockKeys: (params: Readonly<Record<string, unknown>>) => String(params.id).split("+"),
      } as Partial<Tool>);
      const batch = executeToolBatch(
        [gatedCall("x"), gatedCall("y"), gatedCall("x+y"), gatedCall("z")],
        {
          tools: [gated.tool],
        },
      );
      await flushMicrotasks();
      expect(gated.started).toEqual(["x", "y", "z"]);
      gated.open("x");
      await flushMicrotasks();
      expect(gated.started).toEqual(["x", "y", "z"]);
      gated.open("y");
      await flushMicrotasks();
      expect(gated.started).toEqual(["x", "y", "z", "x+y"]);
      gated.open("x+y");
      gated.open("z");
      await batch;
    });

    it.each([
      [
        "throws",
        () => {
          throw new Error("no keys today");
        },
        "lockKeys of tool echo failed: no keys today",
      ],
      [
        "returns a non-array",
        () => "path" as never,
        "lockKeys of tool echo must return an array of strings",
      ],
    ])("should end a call whose lockKeys %s", async (_name, lockKeys, text) => {
      const execute = vi.fn(() => ({ content: [] }));
      const { messages } = await executeToolBatch([createToolCall("1", "echo", { value: "v" })], {
        tools: [{ ...echoTool, lockKeys, execute } as Tool],
      });
      expect(firstText(messages[0] ?? { content: [] })).toBe(text);
      expect(execute).not.toHaveBeenCalled();
    });
  });

  describe("sequential", () => {
    it("should run each call start → end → result before the next", async () => {
      const { events, onEvent } = recordEvents();
      await executeToolBatch(
        [createToolCall("1", "echo", { value: "a" }), createToolCall("2", "echo", { value: "b" })],
        { tools: [echoTool], mode: "sequential", onEvent },
      );
      expect(describeEvents(events)).toEqual([
        "tool_execution_start:1",
        "tool_execution_end:1",
        "tool_result:1",
        "tool_execution_start:2",
        "tool_execution_end:2",
        "tool_result:2",
      ]);
    });

    it("should make the whole batch sequential when one called tool is sequential", async () => {
      const gated = createGatedTool();
      const writer: Tool = { ...echoTool, name: "writer", executionMode: "sequential" };
      const batch = executeToolBatch(
        [gatedCall("1"), createToolCall("2", "writer", { value: "w" }), gatedCall("3")],
        { tools: [gated.tool, writer] },
      );
      await flushMicrotasks();
      expect(gated.started).toEqual(["1"]);
      gated.open("1");
      await flushMicrotasks();
      expect(gated.started).toEqual(["1", "3"]);
      gated.open("3");
      await batch;
    });

    it("should stay parallel when the sequential tool is not called or the name is unknown", async () => {
      const gated = createGatedTool();
      const writer: Tool = { ...echoTool, name: "writer", executionMode: "sequential" };
      const batch = executeToolBatch(
        [gatedCall("1"), createToolCall("2", "nope"), gatedCall("3")],
        {
          tools: [gated.tool, writer],
        },
      );
      await flushMicrotasks();
      expect(gated.started).toEqual(["1", "3"]);
      gated.open("1");
      gated.open("3");
      await batch;
    });
  });

  describe("abort", () => {
    it("should give calls not yet executing start, end and Operation aborted; running tools see the signal", async () => {
      const controller = new AbortController();
      const sawAbort = createDeferred();
      const listening: Tool = {
        name: "listening",
        description: "Stops on abort",
        execute: (_params, context) =>
          new Promise((resolve) => {
            context.signal.addEventListener("abort", () => {
              sawAbort.resolve();
              resolve({ content: [{ type: "text", text: "stopped early" }] });
            });
          }),
      };
      const { events, onEvent } = recordEvents();
      const batch = executeToolBatch(
        [
          createToolCall("1", "listening"),
          createToolCall("2", "listening"),
          createToolCall("3", "echo", { value: "x" }),
        ],
        { tools: [listening, echoTool], signal: controller.signal, maxConcurrency: 1, onEvent },
      );
      await flushMicrotasks();
      controller.abort();
      await sawAbort.promise;
      const { messages } = await batch;
      expect(messages.map((message) => firstText(message))).toEqual([
        "stopped early",
        ABORTED_TEXT,
        ABORTED_TEXT,
      ]);
      for (const id of ["1", "2", "3"]) {
        expect(describeEvents(events).filter((entry) => entry.endsWith(`:${id}`))).toEqual([
          `tool_execution_start:${id}`,
          `tool_execution_end:${id}`,
          `tool_result:${id}`,
        ]);
      }
    });

    it("should abort the remaining preflights when the signal fires during one", async () => {
      const controller = new AbortController();
      const { messages } = await executeToolBatch(
        [createToolCall("1", "echo", { value: "a" }), createToolCall("2", "echo", { value: "b" })],
        {
          tools: [echoTool],
          signal: controller.signal,
          beforeToolCall: ({ toolCall }) => {
            if (toolCall.id === "1") controller.abort();
          },
        },
      );
      expect(messages.map((message) => firstText(message))).toEqual([ABORTED_TEXT, ABORTED_TEXT]);
    });
  });

  describe("terminate", () => {
    const stopper: Tool = {
      name: "stop",
      description: "Asks to stop",
      execute: () => ({ content: [], terminate: true }),
    };

    it.each([
      [["stop", "stop"], true],
      [["stop", "echo"], false],
      [["stop", "missing"], false],
    ])("should terminate for %j only when every result says so → %s", async (names, expected) => {
      const { terminate } = await executeToolBatch(
        names.map((name, index) => createToolCall(String(index), name, { value: "v" })),
        { tools: [stopper, echoTool] },
      );
      expect(terminate).toBe(expected);
    });

    it("should count a blocked call with terminate as a vote to stop", async () => {
      const { terminate, outcomes } = await executeToolBatch(
        [createToolCall("1", "echo", { value: "v" })],
        {
          tools: [echoTool],
          beforeToolCall: () => ({ block: true, terminate: true }),
        },
      );
      expect(terminate).toBe(true);
      expect(outcomes[0]?.isError).toBe(true);
    });
  });

  describe("events", () => {
    it("should carry raw args on start, the untouched result and durationMs on end", async () => {
      const { events, onEvent } = recordEvents();
      await executeToolBatch([createToolCall("1", "echo", { value: 5 })], {
        tools: [echoTool],
        onEvent,
      });
      expect(events[0]).toEqual({
        type: "tool_execution_start",
        toolCallId: "1",
        toolName: "echo",
        args: { value: 5 },
      });
      const end = events[1];
      expect(end).toMatchObject({
        type: "tool_execution_end",
        toolCallId: "1",
        toolName: "echo",
        result: { content: [{ type: "text", text: "5" }], details: { source: "echo" } },
        isError: false,
      });
      expect(
        Number.isInteger(end?.type === "tool_execution_end" ? end.durationMs : undefined),
      ).toBe(true);
    });

    it("should await an async listener so events never overlap", async () => {
      const log: string[] = [];
      let inFlight = 0;
      await executeToolBatch(
        [createToolCall("1", "echo", { value: "a" }), createToolCall("2", "echo", { value: "b" })],
        {
          tools: [echoTool],
          onEvent: async (event) => {
            inFlight++;
            log.push(`${event.type}:${inFlight}`);
            await flushMicrotasks(3);
            inFlight--;
          },
        },
      );
      expect(log.every((entry) => entry.endsWith(":1"))).toBe(true);
      expect(log).toHaveLength(6);
    });

    it("should emit updates at once and the end only after the update listener settled", async () => {
      const updateSeen = createDeferred();
      const releaseListener = createDeferred();
      const log: string[] = [];
      const progress: Tool = {
        name: "progress",
        description: "Reports progress",
        execute: async (_params, context) => {
          context.onUpdate({ content: [{ type: "text", text: "50%" }] });
          return { content: [{ type: "text", text: "done" }] };
        },
      };
      const batch = executeToolBatch([createToolCall("1", "progress")], {
        tools: [progress],
        onEvent: async (event) => {
          log.push(event.type);
          if (event.type === "tool_execution_update") {
            expect(event.partialResult).toEqual({ content: [{ type: "text", text: "50%" }] });
            expect(event.args).toEqual({});
            updateSeen.resolve();
            await releaseListener.promise;
          }
        },
      });
      await updateSeen.promise;
      await flushMicrotasks();
      expect(log).toEqual(["tool_execution_start", "tool_execution_update"]);
      releaseListener.resolve();
      await batch;
      expect(log).toEqual([
        "tool_execution_start",
        "tool_execution_update",
        "tool_execution_end",
        "tool_result",
      ]);
    });

    it("should ignore an update sent after the call settled while another call still runs", async () => {
      const gated = createGatedTool();
      let keptUpdate: ((partial: { content: [] }) => void) | undefined;
      const early: Tool = {
        name: "early",
        description: "Keeps onUpdate",
        execute: (_params, context) => {
          keptUpdate = context.onUpdate;
          return { content: [] };
        },
      };
      const { events, onEvent } = recordEvents();
      const batch = executeToolBatch([createToolCall("1", "early"), gatedCall("2")], {
        tools: [early, gated.tool],
        onEvent,
      });
      await flushMicrotasks();
      keptUpdate?.({ content: [] });
      gated.open("2");
      await batch;
      expect(events.filter((event) => event.type === "tool_execution_update")).toHaveLength(0);
    });

    it.each([
      ["throws", "tool_execution_update"],
      ["throws", "tool_execution_start"],
      ["rejects", "tool_execution_update"],
      ["rejects", "tool_execution_end"],
    ])("should turn a listener that %s on %s into an error result", async (how, failOn) => {
      const progress: Tool = {
        name: "progress",
        description: "Reports progress",
        execute: (_params, context) => {
          context.onUpdate({ content: [] });
          return { content: [{ type: "text", text: "done" }] };
        },
      };
      const { messages } = await executeToolBatch([createToolCall("1", "progress")], {
        tools: [progress],
        onEvent: (event) => {
          if (event.type !== failOn) return undefined;
          if (how === "throws") throw new Error("listener broke");
          return Promise.reject(new Error("listener broke"));
        },
      });
      expect(messages[0]).toMatchObject({
        content: [{ type: "text", text: "listener broke" }],
        details: {},
        isError: true,
      });
    });

    it("should emit every result, then reject, when a tool_result listener fails", async () => {
      const seen: string[] = [];
      const batch = executeToolBatch(
        [createToolCall("1", "echo", { value: "a" }), createToolCall("2", "echo", { value: "b" })],
        {
          tools: [echoTool],
          onEvent: (event) => {
            if (event.type !== "tool_result") return;
            seen.push(event.message.toolCallId);
            throw new Error("transcript store down");
          },
        },
      );
      await expect(batch).rejects.toThrow("transcript store down");
      expect(seen).toEqual(["1", "2"]);
    });
  });

  describe("messages", () => {
    it("should carry only model-facing fields, durationMs only when execute ran", async () => {
      const tool: Tool = {
        name: "rich",
        description: "Returns everything",
        execute: () => ({
          content: [{ type: "text", text: "hi" }],
          details: { d: 1 },
          structuredContent: { s: 1 },
          usage: { inputTokens: 1, outputTokens: 1 },
          terminate: true,
        }),
      };
      const { messages } = await executeToolBatch(
        [createToolCall("1", "rich"), createToolCall("2", "missing")],
        { tools: [tool] },
      );
      const [ran, missing] = messages;
      expect(Object.keys(ran ?? {}).sort()).toEqual([
        "content",
        "details",
        "durationMs",
        "isError",
        "role",
        "timestamp",
        "toolCallId",
        "toolName",
        "usage",
      ]);
      expect(ran).toMatchObject({
        role: "toolResult",
        toolCallId: "1",
        toolName: "rich",
        isError: false,
      });
      expect(missing).not.toHaveProperty("durationMs");
      expect(missing).toMatchObject({
        toolCallId: "2",
        toolName: "missing",
        details: {},
        isError: true,
      });
    });

    it("should truncate the message but keep the untouched result on the end event", async () => {
      const long = Array.from({ length: 10 }, (_, index) => `line ${index}`).join("\n");
      const tool: Tool = {
        name: "long",
        description: "Prints a lot",
        execute: () => ({ content: [{ type: "text", text: long }] }),
      };
      const { events, onEvent } = recordEvents();
      const spill = vi.fn(() => "/tmp/out-1.txt");
      const { messages, outcomes } = await executeToolBatch([createToolCall("1", "long")], {
        tools: [tool],
        truncation: { maxLines: 3, spill },
        onEvent,
      });
      expect(firstText(messages[0] ?? { content: [] })).toBe(
        "line 0\nline 1\nline 2\n\n[Output truncated: showing 3 of 10 lines (21 of 69 bytes). The full output is at /tmp/out-1.txt.]",
      );
      expect(spill).toHaveBeenCalledWith(long, createToolCall("1", "long"));
      const end = events.find((event) => event.type === "tool_execution_end");
      expect(end?.type === "tool_execution_end" && firstText(end.result)).toBe(long);
      expect(firstText(outcomes[0]?.result ?? { content: [] })).toBe(long);
    });

    it("should not truncate when truncation is false", async () => {
      const text = "x\n".repeat(3000);
      const { messages } = await executeToolBatch([createToolCall("1", "echo", { value: text })], {
        tools: [echoTool],
        truncation: false,
      });
      expect(firstText(messages[0] ?? { content: [] })).toBe(text);
    });

    it("should truncate at the SPEC's 2,000 lines by default", async () => {
      const text = "x\n".repeat(3000);
      const { messages } = await executeToolBatch([createToolCall("1", "echo", { value: text })], {
        tools: [echoTool],
      });
      expect(firstText(messages[0] ?? { content: [] })).toMatch(
        /\[Output truncated: showing 2000 of 3000 lines \(4000 of 6000 bytes\)\.\]$/,
      );
    });
  });

  it("should apply the batch timeoutMs and keep the other calls' results", async () => {
    vi.useFakeTimers();
    try {
      const hanging: Tool = {
        name: "hang",
        description: "Never ends",
        execute: () => new Promise(() => {}),
      };
      const batch = executeToolBatch(
        [createToolCall("1", "hang"), createToolCall("2", "echo", { value: "ok" })],
        {
          tools: [hanging, echoTool],
          timeoutMs: 100,
          timeoutGraceMs: 5,
        },
      );
      await vi.advanceTimersByTimeAsync(106);
      const { messages } = await batch;
      expect(messages.map((message) => firstText(message))).toEqual([
        "Tool hang timed out after 100 ms; it was aborted but did not stop, so it was abandoned and any late result is discarded.",
        "ok",
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});
