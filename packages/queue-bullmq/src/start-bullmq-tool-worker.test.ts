import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { freshQueueName, makeIo, makeRequest, redisConnection } from "./__fixtures__/make-request";
import {
  type FixtureProcess,
  spawnFixture,
  startWorkerProcess,
  stopProcess,
} from "./__fixtures__/spawn-fixture";
import { type BullmqDispatcher, createBullmqDispatcher } from "./create-bullmq-dispatcher";
import { startBullmqToolWorker } from "./start-bullmq-tool-worker";

const redisUrl = inject("redisUrl");

// Short locks so a killed worker's job is redelivered within seconds; generous waits around them
// (two shared cores).
const FAST_REDELIVERY = { lockDurationMs: 2_000, stalledIntervalMs: 1_000 };

describe.skipIf(redisUrl === "")(
  "startBullmqToolWorker (real Redis, real worker processes)",
  () => {
    const queueName = freshQueueName();
    let folder: string;
    let effectsFile: string;
    let dispatcher: BullmqDispatcher;
    const processes: FixtureProcess[] = [];

    const startWorker = async (config: Record<string, unknown>) => {
      const worker = await startWorkerProcess(redisUrl, queueName, { effectsFile, ...config });
      processes.push(worker);
      return worker;
    };
    /** The effects the tools recorded for one call. */
    const effects = async (callId: string) =>
      (await readFile(effectsFile, "utf8").catch(() => ""))
        .split("\n")
        .filter((line) => line.includes(` ${callId} `));

    beforeAll(async () => {
      folder = await mkdtemp(join(tmpdir(), "queue-bullmq-worker-"));
      effectsFile = join(folder, "effects.log");
      dispatcher = await createBullmqDispatcher({
        queueName,
        connection: redisConnection(redisUrl),
      });
    });
    afterEach(async () => {
      await Promise.all(processes.splice(0).map((process) => stopProcess(process)));
    });
    afterAll(async () => {
      await dispatcher?.close();
      await rm(folder, { recursive: true, force: true });
    });

    it("should answer a redelivered never call interrupted, without running it again, after its worker was killed", async () => {
      const first = await startWorker({ name: "first", ...FAST_REDELIVERY });
      const request = makeRequest("slow_effect", { ms: 60_000 }, { replay: "never" });
      const pending = dispatcher.execute(request, makeIo());
      await first.waitFor(`executing ${request.toolCall.id}`);
      await stopProcess(first);
      await startWorker({ name: "second", ...FAST_REDELIVERY });
      expect(await pending).toEqual({ status: "interrupted", attempts: 1 });
      expect(await effects(request.toolCall.id)).toEqual([
        `start ${request.toolCall.id} attempt 1 key ${request.key} on first`,
      ]);
    });

    it("should run a redelivered safe call again with attempt 2 and the same idempotency key", async () => {
      const first = await startWorker({ name: "first", ...FAST_REDELIVERY });
      const request = makeRequest("slow_effect", { ms: 60_000 }, { replay: "safe" });
      const pending = dispatcher.execute(request, makeIo());
      await first.waitFor(`executing ${request.toolCall.id}`);
      await stopProcess(first);
      const second = await startWorker({ name: "second", ...FAST_REDELIVERY });
      await second.waitFor(`executing ${request.toolCall.id} attempt 2`);
      await stopProcess(second);
      // The third worker is the last run maxAttempts (3) allows; it finishes.
      const third = await startWorker({ name: "third", ...FAST_REDELIVERY });
      await third.waitFor(`executing ${request.toolCall.id} attempt 3`);
      await stopProcess(third);
      // A fourth delivery is past maxAttempts: answered without running.
      await startWorker({ name: "fourth", ...FAST_REDELIVERY });
      expect(await pending).toEqual({ status: "interrupted", attempts: 3 });
      expect(await effects(request.toolCall.id)).toEqual(
        ["first", "second", "third"].map(
          (worker, index) =>
            `start ${request.toolCall.id} attempt ${index + 1} key ${request.key} on ${worker}`,
        ),
      );
    });

    it("should finish a redelivered safe call on the next worker", async () => {
      const first = await startWorker({ name: "first", ...FAST_REDELIVERY });
      const request = makeRequest("slow_effect", { ms: 2_000 }, { replay: "safe", batchId: "b" });
      const pending = dispatcher.execute(request, makeIo());
      await first.waitFor(`executing ${request.toolCall.id}`);
      await stopProcess(first);
      await startWorker({ name: "second", ...FAST_REDELIVERY });
      expect(await pending).toEqual({
        status: "returned",
        value: {
          content: [{ type: "text", text: "finished on second" }],
          details: { worker: "second", attempt: 2 },
        },
      });
    });

    it("should count the request's attempt: recovery's second attempt is past maxAttempts 1", async () => {
      await startWorker({ name: "strict", maxAttempts: 1 });
      const request = makeRequest("slow_effect", {}, { replay: "safe", attempt: 2 });
      expect(await dispatcher.execute(request, makeIo())).toEqual({
        status: "interrupted",
        attempts: 1,
      });
      expect(await effects(request.toolCall.id)).toEqual([]);
    });

    it("should let two workers share a queue, both doing work", async () => {
      await startWorker({ name: "left", concurrency: 1 });
      await startWorker({ name: "right", concurrency: 1 });
      const results = await Promise.all(
        Array.from({ length: 12 }, () =>
          dispatcher.execute(makeRequest("whoami", { ms: 300 }), makeIo()),
        ),
      );
      const names = results.map((result) =>
        result.status === "returned"
          ? (result.value as { content: { text: string }[] }).content[0]?.text
          : result.status,
      );
      expect(new Set(names)).toEqual(new Set(["left", "right"]));
    });

    it("should give a finished job's result to lookup after the coordinator was killed, without running it again", async () => {
      const worker = await startWorker({ name: "steady" });
      const request = makeRequest("slow_effect", { ms: 3_000 });
      const coordinator = spawnFixture("coordinator.mjs", [
        redisUrl,
        queueName,
        JSON.stringify(request),
      ]);
      processes.push(coordinator);
      await worker.waitFor(`executing ${request.toolCall.id}`);
      await stopProcess(coordinator);
      expect(coordinator.lines.some((line) => line.startsWith("result"))).toBe(false);
      // A new coordinator process (this one) asks what became of the call.
      expect(await dispatcher.lookup(request.key)).toEqual({ status: "running" });
      await expect
        .poll(() => dispatcher.lookup(request.key), { timeout: 20_000, interval: 200 })
        .toMatchObject({ status: "returned" });
      const adopted = await dispatcher.lookup(request.key);
      expect(adopted).toEqual({
        status: "returned",
        value: {
          content: [{ type: "text", text: "finished on steady" }],
          details: { worker: "steady", attempt: 1 },
        },
      });
      // Awaiting it again with the same key returns the same result and runs nothing.
      expect(await dispatcher.execute(request, makeIo())).toEqual(adopted);
      expect(await effects(request.toolCall.id)).toHaveLength(1);
    });
  },
);

describe("startBullmqToolWorker options", () => {
  it("should refuse invalid options before connecting", async () => {
    const base = { queueName: "q", connection: { host: "127.0.0.1", port: 1 }, tools: [] };
    for (const bad of [
      { queueName: "" },
      { queueName: "with:colon" },
      { concurrency: 0 },
      { maxAttempts: 1.5 },
      { lockDurationMs: -1 },
    ]) {
      await expect(startBullmqToolWorker({ ...base, ...bad })).rejects.toMatchObject({
        name: "QueueBullmqError",
        code: "INVALID_ARGUMENT",
      });
    }
  });
});
