import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemoEvent } from "../demo-event";
import type { DemoResult } from "../run-demo";
import { runQueueDemo } from "./run-queue-demo";

function hasRedisServer(): boolean {
  try {
    execFileSync("redis-server", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

// Real Redis (TOOLWRIGHT_REDIS_URL, or one the scene starts with scripts/services.sh) and real
// worker processes. Without either, skipped locally, and a failure under
// TOOLWRIGHT_REQUIRE_SERVICES=1, as the repository's other service suites.
const available = process.env.TOOLWRIGHT_REDIS_URL !== undefined || hasRedisServer();
if (!available && process.env.TOOLWRIGHT_REQUIRE_SERVICES === "1") {
  throw new Error("TOOLWRIGHT_REQUIRE_SERVICES=1, but there is no Redis for the --queue scene");
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function accepts(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

describe.skipIf(!available)("runQueueDemo", () => {
  const events: DemoEvent[] = [];
  let result: DemoResult;
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "toolwright-queue-demo-"));
    result = await runQueueDemo(
      { sandbox: directory, json: true, onEvent: (event) => void events.push(event) },
      { write: () => {}, isTTY: false, color: false },
    );
  }, 60_000);

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  const ready = () => {
    const event = events.find((candidate) => candidate.type === "queue_ready");
    if (event?.type !== "queue_ready") throw new Error("no queue_ready event");
    return event;
  };
  const ranOn = () =>
    Object.fromEntries(
      events.flatMap((event) =>
        event.type === "ran_on"
          ? [[event.toolCallId, { worker: event.worker, pid: event.pid }]]
          : [],
      ),
    );

  it("should run every slow_task on a worker process, and the other tools here", () => {
    const workerPids = new Map(ready().workers.map((worker) => [worker.name, worker.pid]));
    const placed = ranOn();
    for (const id of ["call_1_1", "call_1_2", "call_1_3"]) {
      const place = placed[id];
      expect(place?.pid).toBe(workerPids.get(place?.worker ?? ""));
      expect(place?.pid).not.toBe(process.pid);
    }
    // Three jobs, two workers that take one job at a time: both worked.
    expect(new Set(["call_1_1", "call_1_2", "call_1_3"].map((id) => placed[id]?.worker))).toEqual(
      new Set(["worker-a", "worker-b"]),
    );
    expect(placed.call_1_4).toEqual({ worker: "coordinator", pid: process.pid });
    expect(placed.call_2_1).toEqual({ worker: "coordinator", pid: process.pid });
  });

  it("should bring results and progress back through the queue, validated here", () => {
    expect(result.reason).toBe("terminate");
    const texts = result.messages.flatMap((message) =>
      message.role === "toolResult"
        ? [message.content.map((part) => (part.type === "text" ? part.text : "")).join("")]
        : [],
    );
    expect(texts).toEqual([
      "index notes: done in 3 steps",
      "index data: done in 3 steps",
      "index archive: done in 2 steps",
      "6 * 7 = 42",
      "Finished: Indexed on the workers.",
    ]);
    const updates = events.filter(
      (event) => event.type === "tool_execution_update" && event.toolCallId === "call_1_1",
    );
    expect(updates).toHaveLength(3);
  });

  it("should stop its worker processes, and a Redis it started", async () => {
    for (const worker of ready().workers) expect(isAlive(worker.pid)).toBe(false);
    if (ready().startedRedis) expect(await accepts(ready().redis)).toBe(false);
  });
});
