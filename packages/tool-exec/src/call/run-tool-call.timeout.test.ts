import type { Tool } from "@toolwright/tool-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDeferred, createToolCall, firstText } from "../test-support";
import { timeoutText } from "./executor-texts";
import { runToolCall } from "./run-tool-call";

function slowTool(execute: Tool["execute"], timeoutMs?: number): Tool {
  return {
    name: "slow",
    description: "Takes its time",
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    execute,
  } as Tool;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("runToolCall time limits", () => {
  it("should abort the tool's signal and report a tool that stopped as settled", async () => {
    let seenReason: unknown;
    const tool = slowTool(
      (_params, context) =>
        new Promise((_resolve, reject) => {
          context.signal.addEventListener("abort", () => {
            seenReason = context.signal.reason;
            reject(new Error("aborted by signal"));
          });
        }),
      50,
    );
    const pending = runToolCall(createToolCall("1", "slow"), { tools: [tool] });
    await vi.advanceTimersByTimeAsync(50);
    const outcome = await pending;
    expect(outcome.result).toEqual({
      content: [{ type: "text", text: timeoutText("slow", 50, true) }],
      details: {},
      isError: true,
    });
    expect(firstText(outcome.result)).toMatch(
      /^Tool slow timed out after 50 ms; it was aborted and stopped\.$/,
    );
    expect((seenReason as DOMException).name).toBe("TimeoutError");
    expect(outcome.durationMs).toBe(50);
  });

  it("should abandon a tool that ignores the abort after the grace period and drop its late result", async () => {
    const never = createDeferred<{ content: [] }>();
    const tool = slowTool(() => never.promise, 50);
    const pending = runToolCall(createToolCall("1", "slow"), { tools: [tool], timeoutGraceMs: 10 });
    await vi.advanceTimersByTimeAsync(50);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(9);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const outcome = await pending;
    expect(firstText(outcome.result)).toBe(timeoutText("slow", 50, false));
    expect(firstText(outcome.result)).toMatch(/abandoned/);
    never.resolve({ content: [] });
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome.isError).toBe(true);
  });

  it("should use the run's timeoutMs for tools without their own", async () => {
    const tool = slowTool(() => new Promise(() => {}));
    const pending = runToolCall(createToolCall("1", "slow"), {
      tools: [tool],
      timeoutMs: 30,
      timeoutGraceMs: 0,
    });
    await vi.advanceTimersByTimeAsync(30);
    await vi.advanceTimersByTimeAsync(1);
    expect(firstText((await pending).result)).toBe(timeoutText("slow", 30, false));
  });

  it("should let a tool's timeoutMs override the run's", async () => {
    const tool = slowTool(() => new Promise(() => {}), 200);
    const pending = runToolCall(createToolCall("1", "slow"), {
      tools: [tool],
      timeoutMs: 30,
      timeoutGraceMs: 0,
    });
    let done = false;
    void pending.then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(101);
    expect(firstText((await pending).result)).toBe(timeoutText("slow", 200, false));
  });

  it("should keep a result that arrives in time and clear its timer", async () => {
    const tool = slowTool(async () => ({ content: [{ type: "text", text: "fast" }] }), 1000);
    const outcome = await runToolCall(createToolCall("1", "slow"), { tools: [tool] });
    expect(firstText(outcome.result)).toBe("fast");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("should start no timer when no time limit is set", async () => {
    const spy = vi.spyOn(globalThis, "setTimeout");
    await runToolCall(createToolCall("1", "slow"), {
      tools: [slowTool(async () => ({ content: [] }))],
    });
    expect(spy).not.toHaveBeenCalled();
  });

  it("should forward the run's abort to a tool that has a time limit", async () => {
    const controller = new AbortController();
    const sawAbort = createDeferred<unknown>();
    const tool = slowTool(
      (_params, context) =>
        new Promise((resolve) => {
          context.signal.addEventListener("abort", () => {
            sawAbort.resolve(context.signal.reason);
            resolve({ content: [{ type: "text", text: "stopped" }] });
          });
        }),
      1000,
    );
    const pending = runToolCall(createToolCall("1", "slow"), {
      tools: [tool],
      signal: controller.signal,
    });
    await vi.advanceTimersByTimeAsync(10);
    controller.abort("user pressed stop");
    expect(await sawAbort.promise).toBe("user pressed stop");
    expect(firstText((await pending).result)).toBe("stopped");
  });

  it.each([0, -5, Number.NaN, Number.POSITIVE_INFINITY])(
    "should treat a timeoutMs of %s as no limit",
    async (timeoutMs) => {
      const spy = vi.spyOn(globalThis, "setTimeout");
      await runToolCall(createToolCall("1", "slow"), {
        tools: [slowTool(async () => ({ content: [] }), timeoutMs)],
        timeoutMs,
      });
      expect(spy).not.toHaveBeenCalled();
    },
  );
});
