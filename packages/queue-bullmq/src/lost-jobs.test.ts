// Jobs that Redis loses (a restart without persistence, a FLUSHDB, eviction) and cancels that
// outlive their call: a lost job ends its call, a stale cancel does not end a later attempt.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { QueueEventsProducer } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshQueueName, makeIo, makeRequest, redisConnection } from "./__fixtures__/make-request";
import { type FixtureProcess, startWorkerProcess, stopProcess } from "./__fixtures__/spawn-fixture";
import { CANCEL_EVENT, cancelQueueName } from "./cancel-event";
import { type BullmqDispatcher, createBullmqDispatcher } from "./create-bullmq-dispatcher";
import { jobIdForKey } from "./job-id-for-key";
import { QueueBullmqError } from "./queue-bullmq-error";

const redisUrl = inject("redisUrl");

describe.skipIf(redisUrl === "")("lost jobs and stale cancels (real Redis, real worker)", () => {
  const queueName = freshQueueName();
  let folder: string;
  let effectsFile: string;
  let worker: FixtureProcess;
  let dispatcher: BullmqDispatcher;
  let redis: Redis;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "queue-bullmq-lost-"));
    effectsFile = join(folder, "effects.log");
    worker = await startWorkerProcess(redisUrl, queueName, {
      name: "worker-lost",
      effectsFile,
      tools: ["slow_effect"],
    });
    dispatcher = await createBullmqDispatcher({ queueName, connection: redisConnection(redisUrl) });
    redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  });

  afterAll(async () => {
    await dispatcher?.close();
    redis?.disconnect();
    if (worker !== undefined) await stopProcess(worker, "SIGKILL");
    await rm(folder, { recursive: true, force: true });
  });

  /** What a Redis restart without its data does to this queue: every key of it is gone. */
  async function loseQueueData(): Promise<void> {
    const keys = await redis.keys(`bull:${queueName}:*`);
    if (keys.length > 0) await redis.del(...keys);
  }

  const starts = async (callId: string) =>
    (await readFile(effectsFile, "utf8").catch(() => ""))
      .split("\n")
      .filter((line) => line.startsWith(`start ${callId} `));

  it("should reject a call whose job Redis lost while it ran, saying it was lost", async () => {
    const request = makeRequest("slow_effect", { ms: 8_000 });
    const pending = dispatcher.execute(request, makeIo()).catch((error: unknown) => error);
    await worker.waitFor(`executing ${request.toolCall.id}`);
    await loseQueueData();
    const outcome = await Promise.race([
      pending,
      new Promise((resolve) => setTimeout(() => resolve("still pending after 6 s"), 6_000)),
    ]);
    expect(QueueBullmqError.isInstance(outcome) && outcome.code).toBe("JOB_LOST");
    expect((outcome as Error).message).toContain(jobIdForKey(request.key));
    expect((outcome as Error).message).toMatch(/lost/);
  });

  it("should end an aborted call whose job Redis lost, instead of waiting on", async () => {
    const request = makeRequest("slow_effect", { ms: 8_000 });
    const controller = new AbortController();
    const pending = dispatcher
      .execute(request, makeIo(controller.signal))
      .catch((error: unknown) => error);
    await worker.waitFor(`executing ${request.toolCall.id}`);
    await loseQueueData();
    controller.abort();
    const outcome = await Promise.race([
      pending,
      new Promise((resolve) => setTimeout(() => resolve("still pending after 3 s"), 3_000)),
    ]);
    expect(outcome).not.toBe("still pending after 3 s");
    expect(outcome).toBeInstanceOf(Error);
  });

  it("should say lost, not timed out, for a lost job of a call with timeoutMs", async () => {
    const request = makeRequest("slow_effect", { ms: 8_000 }, { timeoutMs: 30_000 });
    const pending = dispatcher.execute(request, makeIo()).catch((error: unknown) => error);
    await worker.waitFor(`executing ${request.toolCall.id}`);
    await loseQueueData();
    const outcome = await pending;
    expect(QueueBullmqError.isInstance(outcome) && outcome.code).toBe("JOB_LOST");
  });

  it("should run a later attempt of a key whose earlier attempt was cancelled (a stale cancel)", async () => {
    const first = makeRequest("slow_effect", { ms: 10 }, { replay: "safe" });
    // The cancel a coordinator published for attempt 1, which no worker was running.
    const producer = new QueueEventsProducer(cancelQueueName(queueName), {
      connection: redisConnection(redisUrl),
    });
    await producer.publishEvent({
      eventName: CANCEL_EVENT,
      jobId: jobIdForKey(first.key),
      reason: "aborted",
      attempt: 1,
    } as never);
    await producer.close();
    // Give the worker's event reader time to see it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const retry = { ...first, attempt: 2 };
    const result = await dispatcher.execute(retry, makeIo());
    expect(result).toMatchObject({ status: "returned" });
    expect(await starts(first.toolCall.id)).toHaveLength(1);
  });

  it("should still honour a cancel that reached the worker before the same attempt's job", async () => {
    const request = makeRequest("slow_effect", { ms: 10 });
    const producer = new QueueEventsProducer(cancelQueueName(queueName), {
      connection: redisConnection(redisUrl),
    });
    await producer.publishEvent({
      eventName: CANCEL_EVENT,
      jobId: jobIdForKey(request.key),
      reason: "aborted",
      attempt: 1,
    } as never);
    await producer.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const result = await dispatcher.execute(request, makeIo());
    expect(result).toMatchObject({ status: "threw", errorType: "aborted" });
    expect(await starts(request.toolCall.id)).toHaveLength(0);
  });
});
