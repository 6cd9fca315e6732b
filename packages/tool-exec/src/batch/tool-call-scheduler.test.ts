import { describe, expect, it } from "vitest";
import { createDeferred, type Deferred, flushMicrotasks } from "../test-support";
import { START_SLICE, ToolCallScheduler } from "./tool-call-scheduler";

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

  it("should report each call's batch position when calls were skipped, and lock keys that start after unkeyed calls", async () => {
    const started: string[] = [];
    const finished: [string, number][] = [];
    const scheduler = new ToolCallScheduler<TestCall, void>(
      2,
      async (call) => {
        started.push(call.name);
        await call.gate.promise;
      },
      (call, index) => {
        finished.push([call.name, index]);
        return undefined;
      },
      6,
    );
    // Positions 1 and 4 ended in preflight: slots and positions part from the second call on.
    const a = createCall("a");
    const b = createCall("b");
    const c = createCall("c", ["k"]);
    const d = createCall("d", ["k"]);
    scheduler.add(a, 0, a.keys);
    scheduler.add(b, 2, b.keys);
    scheduler.add(c, 3, c.keys);
    scheduler.add(d, 5, d.keys);
    const done = scheduler.run();
    await flushMicrotasks();
    expect(started).toEqual(["a", "b"]);
    b.gate.resolve();
    await flushMicrotasks();
    expect(started).toEqual(["a", "b", "c"]);
    a.gate.resolve();
    await flushMicrotasks();
    // `d` shares `c`'s key: it waits for `c` even though a slot is free.
    expect(started).toEqual(["a", "b", "c"]);
    c.gate.resolve();
    await flushMicrotasks();
    expect(started).toEqual(["a", "b", "c", "d"]);
    d.gate.resolve();
    await done;
    expect(finished).toEqual([
      ["b", 2],
      ["a", 0],
      ["c", 3],
      ["d", 5],
    ]);
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

describe("ToolCallScheduler start slices", () => {
  /** A scheduler of `count` calls whose execute is instant, logging starts and finishes in order. */
  function runInstantCalls(count: number) {
    const log: string[] = [];
    const scheduler = new ToolCallScheduler<number, void>(
      Number.POSITIVE_INFINITY,
      async (call) => {
        log.push(`start ${call}`);
      },
      (call) => {
        log.push(`finish ${call}`);
        return undefined;
      },
    );
    for (let index = 0; index < count; index++) scheduler.add(index, index, undefined);
    return { log, done: scheduler.run() };
  }

  it("should start a slice of calls at once and let them finish before starting them all", async () => {
    const count = START_SLICE * 4;
    const { log, done } = runInstantCalls(count);
    // The first slice started synchronously, the rest waits for a microtask turn.
    expect(log).toEqual(Array.from({ length: START_SLICE }, (_, index) => `start ${index}`));
    await done;
    expect(log.filter((line) => line.startsWith("start"))).toHaveLength(count);
    // Bounded in-flight state: the first call finished before the last one started.
    expect(log.indexOf("finish 0")).toBeLessThan(log.indexOf(`start ${count - 1}`));
  });

  it("should start every call before any timer or I/O callback, so calls that wait on each other still run", async () => {
    const count = START_SLICE * 3 + 5;
    let arrived = 0;
    let releaseAll: () => void = () => {};
    const everyoneArrived = new Promise<void>((resolve) => {
      releaseAll = resolve;
    });
    let timerFired = false;
    setTimeout(() => {
      timerFired = true;
    }, 0);
    const startedBeforeTimer: boolean[] = [];
    const scheduler = new ToolCallScheduler<number, void>(
      Number.POSITIVE_INFINITY,
      async () => {
        startedBeforeTimer.push(!timerFired);
        arrived++;
        if (arrived === count) releaseAll();
        await everyoneArrived;
      },
      () => undefined,
    );
    for (let index = 0; index < count; index++) scheduler.add(index, index, undefined);
    await scheduler.run();
    expect(startedBeforeTimer).toHaveLength(count);
    expect(startedBeforeTimer.every(Boolean)).toBe(true);
  });

  it("should keep the concurrency limit and source order across slices", async () => {
    const started: number[] = [];
    let running = 0;
    let peak = 0;
    const scheduler = new ToolCallScheduler<number, void>(
      START_SLICE + 3,
      async (call) => {
        started.push(call);
        running++;
        peak = Math.max(peak, running);
        await Promise.resolve();
        running--;
      },
      () => undefined,
    );
    const count = START_SLICE * 5;
    for (let index = 0; index < count; index++) scheduler.add(index, index, undefined);
    await scheduler.run();
    expect(started).toEqual(Array.from({ length: count }, (_, index) => index));
    expect(peak).toBeLessThanOrEqual(START_SLICE + 3);
  });
});
