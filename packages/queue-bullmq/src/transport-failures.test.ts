import { QueueEventsProducer, Worker } from "bullmq";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshQueueName, makeIo, makeRequest, redisConnection } from "./__fixtures__/make-request";
import { CANCEL_EVENT, cancelQueueName } from "./cancel-event";
import { type BullmqDispatcher, createBullmqDispatcher } from "./create-bullmq-dispatcher";
import { jobIdForKey } from "./job-id-for-key";
import { startBullmqToolWorker } from "./start-bullmq-tool-worker";

const redisUrl = inject("redisUrl");

// A queue served by a plain BullMQ worker that is not ours: it fails some jobs and answers others
// with something that is not a dispatch result — what a foreign or broken worker would do.
describe.skipIf(redisUrl === "")("createBullmqDispatcher with a foreign worker", () => {
  const queueName = freshQueueName();
  let foreign: Worker;
  let dispatcher: BullmqDispatcher;

  beforeAll(async () => {
    foreign = new Worker(
      queueName,
      async (job) => {
        if (job.name === "fail") throw new Error("the worker crashed in its processor");
        return { answer: 42 };
      },
      { connection: redisConnection(redisUrl) },
    );
    await foreign.waitUntilReady();
    dispatcher = await createBullmqDispatcher({ queueName, connection: redisConnection(redisUrl) });
  });
  afterAll(async () => {
    await dispatcher?.close();
    await foreign?.close();
  });

  it("should reject with JOB_FAILED when BullMQ fails the job, and lookup reports dispatch_failed", async () => {
    const request = makeRequest("fail");
    await expect(dispatcher.execute(request, makeIo())).rejects.toMatchObject({
      name: "QueueBullmqError",
      code: "JOB_FAILED",
      message: expect.stringContaining("the worker crashed in its processor"),
    });
    expect(await dispatcher.lookup(request.key)).toEqual({
      status: "threw",
      message: `The remote job ${jobIdForKey(request.key)} failed: the worker crashed in its processor`,
      errorType: "dispatch_failed",
    });
  });

  it("should reject with INVALID_RESULT for a value that is not a dispatch result, in execute and lookup", async () => {
    const request = makeRequest("garbage");
    await expect(dispatcher.execute(request, makeIo())).rejects.toMatchObject({
      code: "INVALID_RESULT",
    });
    await expect(dispatcher.lookup(request.key)).rejects.toMatchObject({ code: "INVALID_RESULT" });
  });
});

describe.skipIf(redisUrl === "")("a cancel that reaches the worker before the job", () => {
  it("should start the job with its signal aborted, so the tool never waits", async () => {
    const queueName = freshQueueName();
    const connection = redisConnection(redisUrl);
    let executed = 0;
    const worker = await startBullmqToolWorker({
      queueName,
      connection,
      name: "early",
      tools: [
        {
          name: "count",
          description: "Counts its runs.",
          parameters: { type: "object" },
          execute: () => {
            executed += 1;
            return { content: [] };
          },
        },
      ],
    });
    const producer = new QueueEventsProducer(cancelQueueName(queueName), { connection });
    const dispatcher = await createBullmqDispatcher({ queueName, connection });
    try {
      const request = makeRequest("count");
      // The coordinator's cancel crossed the job: it arrives first.
      await producer.publishEvent({
        eventName: CANCEL_EVENT,
        jobId: jobIdForKey(request.key),
        reason: "aborted",
      });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await dispatcher.execute(request, makeIo())).toEqual({
        status: "threw",
        message: "Operation aborted",
        errorType: "aborted",
      });
      expect(executed).toBe(0);
      // Only that job: the next call runs.
      expect(await dispatcher.execute(makeRequest("count"), makeIo())).toEqual({
        status: "returned",
        value: { content: [] },
      });
      expect(executed).toBe(1);
    } finally {
      await dispatcher.close();
      await producer.close();
      await worker.close();
    }
  });
});
