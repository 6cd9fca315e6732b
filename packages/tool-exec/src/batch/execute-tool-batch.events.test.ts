import type { Tool } from "@toolwright/tool-core";
import { describe, expect, it, vi } from "vitest";
import {
  createDeferred,
  createGatedTool,
  createToolCall,
  echoTool,
  expectComplete,
  firstText,
  flushMicrotasks,
  gatedCall,
  recordEvents,
} from "../test-support";
import { executeToolBatch } from "./execute-tool-batch";

describe("executeToolBatch", () => {
  describe("events", () => {
    it("should carry raw args on start, the untouched result and durationMs on end", async () => {
      const { events, onEvent } = recordEvents();
      expectComplete(
        await executeToolBatch([createToolCall("1", "echo", { value: 5 })], {
          tools: [echoTool],
          onEvent,
        }),
      );
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
      expectComplete(
        await executeToolBatch(
          [
            createToolCall("1", "echo", { value: "a" }),
            createToolCall("2", "echo", { value: "b" }),
          ],
          {
            tools: [echoTool],
            onEvent: async (event) => {
              inFlight++;
              log.push(`${event.type}:${inFlight}`);
              await flushMicrotasks(3);
              inFlight--;
            },
          },
        ),
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
      const { messages } = expectComplete(
        await executeToolBatch([createToolCall("1", "progress")], {
          tools: [progress],
          onEvent: (event) => {
            if (event.type !== failOn) return undefined;
            if (how === "throws") throw new Error("listener broke");
            return Promise.reject(new Error("listener broke"));
          },
        }),
      );
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
      const { messages } = expectComplete(
        await executeToolBatch([createToolCall("1", "rich"), createToolCall("2", "missing")], {
          tools: [tool],
        }),
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
      const { messages, outcomes } = expectComplete(
        await executeToolBatch([createToolCall("1", "long")], {
          tools: [tool],
          truncation: { maxLines: 3, spill },
          onEvent,
        }),
      );
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
      const { messages } = expectComplete(
        await executeToolBatch([createToolCall("1", "echo", { value: text })], {
          tools: [echoTool],
          truncation: false,
        }),
      );
      expect(firstText(messages[0] ?? { content: [] })).toBe(text);
    });

    it("should truncate at the SPEC's 2,000 lines by default", async () => {
      const text = "x\n".repeat(3000);
      const { messages } = expectComplete(
        await executeToolBatch([createToolCall("1", "echo", { value: text })], {
          tools: [echoTool],
        }),
      );
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
      const { messages } = expectComplete(await batch);
      expect(messages.map((message) => firstText(message))).toEqual([
        "Tool hang timed out after 100 ms; it was aborted but did not stop, so it was abandoned and any late result is discarded.",
        "ok",
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});
