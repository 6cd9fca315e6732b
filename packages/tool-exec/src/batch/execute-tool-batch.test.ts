import type { Tool } from "@toolwright/tool-core";
import { describe, expect, it, vi } from "vitest";
import { ABORTED_TEXT } from "../call/executor-texts";
import {
  createDeferred,
  createGatedTool,
  createToolCall,
  describeEvents,
  echoTool,
  expectComplete,
  firstText,
  flushMicrotasks,
  gatedCall,
  recordEvents,
} from "../test-support";
import { executeToolBatch } from "./execute-tool-batch";

describe("executeToolBatch", () => {
  it("should give the hooks no assistant message in a bare batch", async () => {
    const before = vi.fn();
    expectComplete(
      await executeToolBatch([createToolCall("1", "echo", { value: "x" })], {
        tools: [echoTool],
        beforeToolCall: before,
      }),
    );
    const [context] = before.mock.calls[0] as [Record<string, unknown>];
    expect(context).toHaveProperty("assistantMessage", undefined);
  });

  it("should return nothing and not terminate for an empty batch", async () => {
    expect(expectComplete(await executeToolBatch([], { tools: [] }))).toEqual({
      status: "complete",
      batchId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      messages: [],
      outcomes: [],
      terminate: false,
      mode: "parallel",
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
      const { messages } = expectComplete(await batch);
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
      expectComplete(
        await executeToolBatch(
          [
            createToolCall("a", "echo", { value: "a" }),
            createToolCall("b", "echo", { value: "b" }),
          ],
          {
            tools: [tool],
            beforeToolCall: async ({ toolCall }) => {
              order.push(`before:${toolCall.id}`);
            },
            onEvent: (event) => {
              if (event.type === "tool_execution_start") order.push(`start:${event.toolCallId}`);
            },
          },
        ),
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
      const { messages } = expectComplete(await batch);
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
      const { messages } = expectComplete(await batch);
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
      const { messages } = expectComplete(
        await executeToolBatch([createToolCall("1", "echo", { value: "v" })], {
          tools: [{ ...echoTool, lockKeys, execute } as Tool],
        }),
      );
      expect(firstText(messages[0] ?? { content: [] })).toBe(text);
      expect(execute).not.toHaveBeenCalled();
    });
  });

  describe("sequential", () => {
    it("should run each call start → end → result before the next", async () => {
      const { events, onEvent } = recordEvents();
      expectComplete(
        await executeToolBatch(
          [
            createToolCall("1", "echo", { value: "a" }),
            createToolCall("2", "echo", { value: "b" }),
          ],
          { tools: [echoTool], mode: "sequential", onEvent },
        ),
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
      const { messages } = expectComplete(await batch);
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
      const { messages } = expectComplete(
        await executeToolBatch(
          [
            createToolCall("1", "echo", { value: "a" }),
            createToolCall("2", "echo", { value: "b" }),
          ],
          {
            tools: [echoTool],
            signal: controller.signal,
            beforeToolCall: ({ toolCall }) => {
              if (toolCall.id === "1") controller.abort();
            },
          },
        ),
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
      const { terminate } = expectComplete(
        await executeToolBatch(
          names.map((name, index) => createToolCall(String(index), name, { value: "v" })),
          { tools: [stopper, echoTool] },
        ),
      );
      expect(terminate).toBe(expected);
    });

    it("should count a blocked call with terminate as a vote to stop", async () => {
      const { terminate, outcomes } = expectComplete(
        await executeToolBatch([createToolCall("1", "echo", { value: "v" })], {
          tools: [echoTool],
          beforeToolCall: () => ({ block: true, terminate: true }),
        }),
      );
      expect(terminate).toBe(true);
      expect(outcomes[0]?.isError).toBe(true);
    });
  });
});
