import { describe, expect, it } from "vitest";
import { createDeferred, flushMicrotasks } from "../test-support";
import { ToolEventQueue } from "./tool-event-queue";
import type { ToolExecutionEvent } from "./tool-events";

function startEvent(id: string): ToolExecutionEvent {
  return { type: "tool_execution_start", toolCallId: id, toolName: "t", args: {} };
}

describe("ToolEventQueue", () => {
  it("should do nothing without a listener", () => {
    const queue = new ToolEventQueue(undefined);
    expect(queue.isActive).toBe(false);
    expect(queue.emit(startEvent("1"))).toBeUndefined();
  });

  it("should return undefined for a synchronous listener and throw its throw", () => {
    const queue = new ToolEventQueue(() => {
      throw new Error("sync");
    });
    expect(() => queue.emit(startEvent("1"))).toThrow("sync");
  });

  it("should hold later events until the listener's promise for earlier ones settled", async () => {
    const gate = createDeferred();
    const seen: string[] = [];
    const queue = new ToolEventQueue(async (event) => {
      if (event.type !== "tool_execution_start") return;
      seen.push(`begin:${event.toolCallId}`);
      if (event.toolCallId === "1") await gate.promise;
      seen.push(`end:${event.toolCallId}`);
    });
    const first = queue.emit(startEvent("1"));
    const second = queue.emit(startEvent("2"));
    await flushMicrotasks();
    expect(seen).toEqual(["begin:1"]);
    gate.resolve();
    await Promise.all([first, second]);
    expect(seen).toEqual(["begin:1", "end:1", "begin:2", "end:2"]);
  });

  it("should reject only the emit whose listener failed and keep delivering", async () => {
    const seen: string[] = [];
    const queue = new ToolEventQueue(async (event) => {
      if (event.type !== "tool_execution_start") return;
      seen.push(event.toolCallId);
      if (event.toolCallId === "1") throw new Error("listener failed");
    });
    const first = queue.emit(startEvent("1"));
    const second = queue.emit(startEvent("2"));
    await expect(first).rejects.toThrow("listener failed");
    await expect(second).resolves.toBeUndefined();
    expect(seen).toEqual(["1", "2"]);
  });
});
