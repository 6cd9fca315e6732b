import type { Tool } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { createDeferred, type Deferred, echoTool, flushMicrotasks } from "../test-support";
import { createToolCallGate, type ToolCallGate } from "./create-tool-call-gate";

const keyedTool: Tool = {
  ...echoTool,
  name: "keyed",
  lockKeys: (params) => (params as { keys: string[] }).keys,
};
const sequentialTool: Tool = { ...echoTool, name: "sequential", executionMode: "sequential" };

/** Enters a call into the gate; `started` records it when its task runs, `release` ends it. */
function enter(gate: ToolCallGate, log: string[], name: string, tool: Tool, keys: string[] = []) {
  const release: Deferred<string> = createDeferred();
  const done = gate.run(tool, { keys }, () => {
    log.push(`start ${name}`);
    return release.promise.then((value) => {
      log.push(`end ${name}`);
      return value;
    });
  });
  return { release, done };
}

describe("createToolCallGate", () => {
  it("should run calls without lock keys at once", async () => {
    const gate = createToolCallGate();
    const log: string[] = [];
    const a = enter(gate, log, "a", echoTool);
    const b = enter(gate, log, "b", echoTool);
    await flushMicrotasks();
    expect(log).toEqual(["start a", "start b"]);
    a.release.resolve("a");
    b.release.resolve("b");
    await expect(Promise.all([a.done, b.done])).resolves.toEqual(["a", "b"]);
  });

  it("should never run calls with overlapping keys at once, in the order they entered", async () => {
    const gate = createToolCallGate();
    const log: string[] = [];
    const first = enter(gate, log, "first", keyedTool, ["x", "y"]);
    const second = enter(gate, log, "second", keyedTool, ["y"]);
    const other = enter(gate, log, "other", keyedTool, ["z"]);
    const third = enter(gate, log, "third", keyedTool, ["x"]);
    await flushMicrotasks();
    expect(log).toEqual(["start first", "start other"]);
    first.release.resolve("1");
    await flushMicrotasks();
    expect(log.slice(0, 3)).toEqual(["start first", "start other", "end first"]);
    // second and third do not overlap each other: both start once first has left.
    expect(log.slice(3).sort()).toEqual(["start second", "start third"]);
    second.release.resolve("2");
    third.release.resolve("3");
    other.release.resolve("o");
    await Promise.all([first.done, second.done, third.done, other.done]);
  });

  it("should run a sequential tool's call alone, after earlier calls and before later ones", async () => {
    const gate = createToolCallGate();
    const log: string[] = [];
    const a = enter(gate, log, "a", echoTool);
    const s = enter(gate, log, "s", sequentialTool);
    const b = enter(gate, log, "b", echoTool);
    await flushMicrotasks();
    expect(log).toEqual(["start a"]);
    a.release.resolve("a");
    await flushMicrotasks();
    expect(log).toEqual(["start a", "end a", "start s"]);
    s.release.resolve("s");
    await flushMicrotasks();
    expect(log).toEqual(["start a", "end a", "start s", "end s", "start b"]);
    b.release.resolve("b");
    await Promise.all([a.done, s.done, b.done]);
  });

  it("should release the lock when a task throws or rejects, and pass the failure on", async () => {
    const gate = createToolCallGate();
    const thrown = gate.run(keyedTool, { keys: ["k"] }, () => {
      throw new Error("sync");
    });
    const rejected = gate.run(keyedTool, { keys: ["k"] }, () => Promise.reject(new Error("async")));
    const after = gate.run(keyedTool, { keys: ["k"] }, () => "ran");
    await expect(thrown).rejects.toThrow("sync");
    await expect(rejected).rejects.toThrow("async");
    await expect(after).resolves.toBe("ran");
  });

  it("should take no lock for a lockKeys that throws or returns something else", async () => {
    const gate = createToolCallGate();
    const log: string[] = [];
    const throwing: Tool = {
      ...echoTool,
      lockKeys: () => {
        throw new Error("no keys");
      },
    };
    const notArray: Tool = { ...echoTool, lockKeys: () => "k" as never };
    const a = enter(gate, log, "a", throwing);
    const b = enter(gate, log, "b", notArray);
    const c = enter(gate, log, "c", keyedTool, ["k"]);
    const unknown = gate.run(undefined, {}, () => "unknown tool");
    await flushMicrotasks();
    expect(log).toEqual(["start a", "start b", "start c"]);
    await expect(unknown).resolves.toBe("unknown tool");
    for (const call of [a, b, c]) call.release.resolve("");
    await Promise.all([a.done, b.done, c.done]);
  });

  it("should run thousands of overlapping calls one at a time in entry order", async () => {
    const gate = createToolCallGate();
    const order: number[] = [];
    const calls = Array.from({ length: 2000 }, (_, index) =>
      gate.run(keyedTool, { keys: ["shared"] }, async () => {
        order.push(index);
      }),
    );
    await Promise.all(calls);
    expect(order).toEqual(Array.from({ length: 2000 }, (_, index) => index));
  });
});
