// A batch of many concurrent calls on one signal: Node warns about a listener leak when more than
// ten listeners wait on one AbortSignal. Written against the public entry only.
import type { Tool, ToolCall } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { executeToolBatch } from "./index";

describe("a batch of many concurrent calls with a signal and a time limit", () => {
  it("should not make Node warn about a possible listener leak on the run's signal", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on("warning", onWarning);
    try {
      let running = 0;
      let peak = 0;
      const tool: Tool = {
        name: "wait",
        description: "Waits a little, so that every call runs at once",
        parameters: { type: "object" },
        async execute() {
          running++;
          peak = Math.max(peak, running);
          await new Promise((resolve) => setTimeout(resolve, 20));
          running--;
          return { content: [{ type: "text", text: "ok" }] };
        },
      };
      const calls: ToolCall[] = Array.from({ length: 40 }, (_, index) => ({
        type: "toolCall",
        id: `c${index}`,
        name: "wait",
        arguments: {},
      }));
      const controller = new AbortController();
      const outcome = await executeToolBatch(calls, {
        tools: [tool],
        signal: controller.signal,
        timeoutMs: 10_000,
      });
      expect(outcome.status).toBe("complete");
      expect(peak).toBe(40);
      // Process warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(
        warnings.filter((warning) => warning.startsWith("MaxListenersExceededWarning")),
      ).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("should still abort every running call when the signal aborts", async () => {
    const aborted: string[] = [];
    const tool: Tool = {
      name: "wait",
      description: "Waits for its signal",
      parameters: { type: "object" },
      execute: (_params, context) =>
        new Promise((resolve) => {
          context.signal.addEventListener("abort", () => {
            aborted.push(context.toolCallId);
            resolve({ content: [{ type: "text", text: "stopped" }] });
          });
        }),
    };
    const calls: ToolCall[] = Array.from({ length: 15 }, (_, index) => ({
      type: "toolCall",
      id: `c${index}`,
      name: "wait",
      arguments: {},
    }));
    const controller = new AbortController();
    const pending = executeToolBatch(calls, {
      tools: [tool],
      signal: controller.signal,
      timeoutMs: 10_000,
    });
    setTimeout(() => controller.abort(), 20);
    const outcome = await pending;
    expect(outcome.status).toBe("complete");
    expect(aborted.sort()).toEqual(calls.map((call) => call.id).sort());
  });
});
