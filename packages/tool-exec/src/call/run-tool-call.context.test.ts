import { defineSeam, provideSeam } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import {
  countingTool,
  createDeferred,
  createToolCall,
  echoTool,
  firstText,
  flushMicrotasks,
} from "../test-support";
import { runToolCall } from "./run-tool-call";
import { ToolRunnerSeam } from "./tool-runner-seam";

describe("runToolCall", () => {
  describe("seams", () => {
    const ClockSeam = defineSeam<{ now(): number }>("clock");
    const clockTool = countingTool({
      seams: [ClockSeam],
      execute: (_params, context) => ({
        content: [{ type: "text", text: String(context.use(ClockSeam).now()) }],
      }),
    });

    it.each([
      ["pairs", [provideSeam(ClockSeam, { now: () => 7 })]],
      ["a Map", new Map([[ClockSeam, { now: () => 7 }]])],
    ])(
      "should give context.use the implementation the run provides as %s",
      async (_name, seams) => {
        const outcome = await runToolCall(createToolCall("1", "count"), {
          tools: [clockTool],
          seams: seams as never,
        });
        expect(firstText(outcome.result)).toBe("7");
      },
    );

    it("should end a call whose declared seam is not provided, naming it, without executing", async () => {
      const outcome = await runToolCall(createToolCall("1", "count"), { tools: [clockTool] });
      expect(outcome.result).toEqual({
        content: [{ type: "text", text: "Seam clock is not provided" }],
        details: {},
        isError: true,
      });
      expect(outcome).not.toHaveProperty("durationMs");
    });

    it("should turn context.use of an undeclared, unprovided seam into an error result", async () => {
      const undeclared = countingTool({
        execute: (_params, context) => {
          context.use(ClockSeam);
          return { content: [] };
        },
      });
      const outcome = await runToolCall(createToolCall("1", "count"), { tools: [undeclared] });
      expect(firstText(outcome.result)).toBe("Seam clock is not provided");
    });
  });

  describe("nested calls through ToolRunnerSeam", () => {
    it("should run the nested call through the same hooks", async () => {
      const hookCalls: string[] = [];
      const outer = countingTool({
        name: "outer",
        execute: async (_params, context) => {
          const runner = context.use(ToolRunnerSeam);
          const allowed = await runner.runToolCall(createToolCall("n1", "echo", { value: "ok" }));
          const blocked = await runner.runToolCall(createToolCall("n2", "echo", { value: "rm" }));
          return {
            content: [
              { type: "text", text: `${firstText(allowed.result)}|${firstText(blocked.result)}` },
            ],
          };
        },
      });
      const outcome = await runToolCall(createToolCall("1", "outer"), {
        tools: [outer, echoTool],
        beforeToolCall: ({ toolCall, args }) => {
          hookCalls.push(toolCall.id);
          return args.value === "rm" ? { block: true, reason: "no rm" } : undefined;
        },
      });
      expect(firstText(outcome.result)).toBe("ok|no rm");
      expect(hookCalls).toEqual(["1", "n1", "n2"]);
    });
  });

  describe("onUpdate", () => {
    it("should pass partial results to the listener while the tool runs", async () => {
      const updates: unknown[] = [];
      const tool = countingTool({
        execute: (_params, context) => {
          context.onUpdate({ content: [{ type: "text", text: "Working..." }] });
          return { content: [] };
        },
      });
      await runToolCall(createToolCall("1", "count"), {
        tools: [tool],
        onUpdate: (partial, toolCall) => {
          updates.push([partial, toolCall.id]);
        },
      });
      expect(updates).toEqual([[{ content: [{ type: "text", text: "Working..." }] }, "1"]]);
    });

    it("should settle only after every async listener settled", async () => {
      const listenerDone = createDeferred();
      const order: string[] = [];
      const outcomePromise = runToolCall(createToolCall("1", "count"), {
        tools: [
          countingTool({
            execute: (_params, context) => {
              context.onUpdate({ content: [] });
              return { content: [] };
            },
          }),
        ],
        onUpdate: () => listenerDone.promise.then(() => void order.push("listener")),
      });
      void outcomePromise.then(() => order.push("outcome"));
      await flushMicrotasks();
      expect(order).toEqual([]);
      listenerDone.resolve();
      await outcomePromise;
      expect(order).toEqual(["listener", "outcome"]);
    });

    it("should ignore updates after the call settled, even from a kept unbound reference", async () => {
      const updates: unknown[] = [];
      let keptUpdate: ((partial: { content: [] }) => void) | undefined;
      await runToolCall(createToolCall("1", "count"), {
        tools: [
          countingTool({
            execute: (_params, context) => {
              keptUpdate = context.onUpdate;
              return { content: [] };
            },
          }),
        ],
        onUpdate: (partial) => {
          updates.push(partial);
        },
      });
      expect(() => keptUpdate?.({ content: [] })).not.toThrow();
      expect(updates).toEqual([]);
    });

    it.each([
      [
        "throws",
        () => {
          throw new Error("ui gone");
        },
      ],
      ["rejects", () => Promise.reject(new Error("ui gone"))],
    ])("should turn a listener that %s into an error result", async (_name, listener) => {
      const outcome = await runToolCall(createToolCall("1", "count"), {
        tools: [
          countingTool({
            execute: (_params, context) => {
              context.onUpdate({ content: [] });
              return { content: [{ type: "text", text: "fine" }] };
            },
          }),
        ],
        onUpdate: listener,
      });
      expect(outcome.result).toEqual({
        content: [{ type: "text", text: "ui gone" }],
        details: {},
        isError: true,
      });
    });
  });
});
