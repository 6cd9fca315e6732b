import { describe, expect, it } from "vitest";
import { createDeferred, type Deferred, flushMicrotasks } from "../test-support";
import { ToolCallScheduler } from "./tool-call-scheduler";

interface TestCall {
  readonly name: string;
  readonly keys: readonly string[] | undefined;
  readonly gate: Deferred<void>;
}

function createCall(name: string, keys?: readonly string[]): TestCall {
  return { name, keys, gate: createDeferred() };
}

/** Adds the calls in source order, as a batch does. */
function addAll(scheduler: ToolCallScheduler<TestCall, void>, calls: readonly TestCall[]): void {
  calls.forEach((call, index) => {
    scheduler.add(call, index, call.keys);
  });
}

function createScheduler(maxConcurrency: number) {
  const started: string[] = [];
  const finished: string[] = [];
  const scheduler = new ToolCallScheduler<TestCall, void>(
    maxConcurrency,
    async (call) => {
      started.push(call.name);
      await call.gate.promise;
    },
    (call) => {
      finished.push(call.name);
      return undefined;
    },
  );
  return { scheduler, started, finished };
}

describe("ToolCallScheduler", () => {
  it("should resolve at once with no calls", async () => {
    await expect(createScheduler(1).scheduler.run()).resolves.toBeUndefined();
  });

  it("should start calls in source order up to the limit and refill as they finish", async () => {
    const { scheduler, started, finished } = createScheduler(2);
    const calls = ["a", "b", "c"].map((name) => createCall(name));
    addAll(scheduler, calls);
    const done = scheduler.run();
    await flushMicrotasks();
    expect(started).toEqual(["a", "b"]);
    calls[1]?.gate.resolve();
    await flushMicrotasks();
    expect(started).toEqual(["a", "b", "c"]);
    expect(finished).toEqual(["b"]);
    calls[0]?.gate.resolve();
    calls[2]?.gate.resolve();
    await done;
    expect(finished).toEqual(["b", "a", "c"]);
  });

  it("should not deadlock when two calls list the same keys in different orders", async () => {
    const { scheduler, started } = createScheduler(Number.POSITIVE_INFINITY);
    const first = createCall("first", ["x", "y"]);
    const second = createCall("second", ["y", "x"]);
    addAll(scheduler, [first, second]);
    const done = scheduler.run();
    await flushMicrotasks();
    expect(started).toEqual(["first"]);
    first.gate.resolve();
    await flushMicrotasks();
    expect(started).toEqual(["first", "second"]);
    second.gate.resolve();
    await done;
  });

  it("should keep going when execute rejects", async () => {
    const scheduler = new ToolCallScheduler<TestCall, void>(
      1,
      () => Promise.reject(new Error("unexpected")),
      () => undefined,
    );
    addAll(scheduler, [createCall("a"), createCall("b")]);
    await expect(scheduler.run()).resolves.toBeUndefined();
  });
});

describe("ToolCallScheduler entries", () => {
  it("should keep its own state, never writing to the values it runs", async () => {
    const { scheduler, started } = createScheduler(1);
    const calls = [createCall("a", ["k"]), createCall("b", ["k"])].map((call) =>
      Object.freeze(call),
    );
    addAll(scheduler, calls);
    const done = scheduler.run();
    await flushMicrotasks();
    expect(started).toEqual(["a"]);
    calls[0]?.gate.resolve();
    calls[1]?.gate.resolve();
    await done;
    expect(started).toEqual(["a", "b"]);
  });
});
