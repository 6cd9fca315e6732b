import { describe, expect, it, vi } from "vitest";
import { countingTool, createToolCall, firstText } from "../test-support";
import type { AfterToolCallResult } from "./hooks";
import { runToolCall } from "./run-tool-call";

describe("runToolCall", () => {
  describe("step 7: afterToolCall", () => {
    const original = {
      content: [{ type: "text" as const, text: "secret=hunter2" }],
      details: { kept: true },
      structuredContent: { value: "original" },
      usage: { inputTokens: 1, outputTokens: 2 },
    };
    const tool = countingTool({ execute: () => original });

    it.each<[string, AfterToolCallResult, unknown]>([
      [
        "only content drops structuredContent",
        { content: [{ type: "text", text: "x" }] },
        undefined,
      ],
      [
        "structuredContent replaces it",
        { structuredContent: { value: "replaced" } },
        { value: "replaced" },
      ],
      [
        "content and structuredContent replace both",
        { content: [{ type: "text", text: "x" }], structuredContent: { value: "both" } },
        { value: "both" },
      ],
      ["details alone keep it", { details: { note: "kept" } }, { value: "original" }],
    ])("should replace whole fields: %s", async (_name, patch, structuredContent) => {
      const outcome = await runToolCall(createToolCall("1", "count"), {
        tools: [tool],
        afterToolCall: () => patch,
      });
      expect(outcome.result.structuredContent).toEqual(structuredContent);
    });

    it("should replace arrays and objects whole, never merging them", async () => {
      const outcome = await runToolCall(createToolCall("1", "count"), {
        tools: [tool],
        afterToolCall: () => ({
          content: [{ type: "text", text: "secret=[redacted]" }],
          details: { other: 1 },
        }),
      });
      expect(outcome.result.content).toEqual([{ type: "text", text: "secret=[redacted]" }]);
      expect(outcome.result.details).toEqual({ other: 1 });
      expect(outcome.result.usage).toEqual({ inputTokens: 1, outputTokens: 2 });
    });

    it("should let null replace a field while undefined keeps it", async () => {
      const outcome = await runToolCall(createToolCall("1", "count"), {
        tools: [tool],
        afterToolCall: () => ({ details: null, usage: undefined }),
      });
      expect(outcome.result.details).toBeNull();
      expect(outcome.result.usage).toEqual({ inputTokens: 1, outputTokens: 2 });
    });

    it("should let the hook turn a success into an error and set terminate", async () => {
      const outcome = await runToolCall(createToolCall("1", "count"), {
        tools: [tool],
        afterToolCall: () => ({ isError: true, terminate: true }),
      });
      expect(outcome.isError).toBe(true);
      expect(outcome.result.terminate).toBe(true);
    });

    it("should see the result, the validated args and isError", async () => {
      const after = vi.fn();
      await runToolCall(createToolCall("1", "count", { n: "5" }), {
        tools: [tool],
        afterToolCall: after,
      });
      const [context] = after.mock.calls[0] as [Record<string, unknown>];
      // A private copy, read once from what the tool returned (SPEC §3.4).
      expect(context.result).toEqual(original);
      expect(context.args).toEqual({ n: 5 });
      expect(context.isError).toBe(false);
    });

    it("should run after a throwing execute, seeing the error result", async () => {
      const after = vi.fn(() => ({ content: [{ type: "text" as const, text: "rewritten" }] }));
      const outcome = await runToolCall(createToolCall("1", "count"), {
        tools: [
          countingTool({
            execute: () => {
              throw new Error("boom");
            },
          }),
        ],
        afterToolCall: after,
      });
      expect(after).toHaveBeenCalledOnce();
      expect((after.mock.calls[0] as unknown as [{ isError: boolean }])[0].isError).toBe(true);
      expect(firstText(outcome.result)).toBe("rewritten");
    });

    it.each([
      [
        "throws",
        () => {
          throw new Error("redactor crashed");
        },
      ],
      ["rejects", () => Promise.reject(new Error("redactor crashed"))],
    ])(
      "should turn a hook that %s into an error result that keeps durationMs",
      async (_name, hook) => {
        const outcome = await runToolCall(createToolCall("1", "count"), {
          tools: [tool],
          afterToolCall: hook,
        });
        expect(outcome.result).toEqual({
          content: [{ type: "text", text: "redactor crashed" }],
          details: {},
          isError: true,
        });
        expect(Number.isInteger(outcome.durationMs)).toBe(true);
      },
    );

    it("should turn content the hook cannot return into an error result", async () => {
      const outcome = await runToolCall(createToolCall("1", "count"), {
        tools: [tool],
        afterToolCall: () => ({ content: null as never }),
      });
      expect(firstText(outcome.result)).toBe(
        "afterToolCall returned an invalid result for tool count: content must be an array, got null",
      );
    });
  });
});
