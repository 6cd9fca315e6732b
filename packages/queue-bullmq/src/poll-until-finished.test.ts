import { Job, Queue, Worker } from "bullmq";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshQueueName, redisConnection } from "./__fixtures__/make-request";
import { pollUntilFinished } from "./poll-until-finished";

const redisUrl = inject("redisUrl");

// No QueueEvents here at all: the poll alone must see each job's end, as it does when a
// completion event was lost.
describe.skipIf(redisUrl === "")("pollUntilFinished (real Redis)", () => {
  const queueName = freshQueueName();
  let queue: Queue;
  let worker: Worker;
  const read = (id: string) => Job.fromId(queue, id);

  beforeAll(async () => {
    queue = new Queue(queueName, { connection: redisConnection(redisUrl) });
    worker = new Worker(
      queueName,
      async (job) => {
        if (job.name === "fail") throw new Error("it broke");
        return { echoed: job.data };
      },
      { connection: redisConnection(redisUrl) },
    );
    await Promise.all([queue.waitUntilReady(), worker.waitUntilReady()]);
  });

  afterAll(async () => {
    await worker?.close();
    await queue?.obliterate({ force: true }).catch(() => {});
    await queue?.close();
  });

  it("should resolve with a completed job's return value", async () => {
    const job = await queue.add("ok", { city: "Oslo" });
    const stop = new AbortController();
    const value = await pollUntilFinished(read, String(job.id), stop.signal, 20);
    stop.abort();
    expect(value).toEqual({ echoed: { city: "Oslo" } });
  });

  it("should reject with a failed job's reason", async () => {
    const job = await queue.add("fail", {});
    const stop = new AbortController();
    await expect(pollUntilFinished(read, String(job.id), stop.signal, 20)).rejects.toThrow(
      "it broke",
    );
    stop.abort();
  });

  it("should never settle once stopped", async () => {
    const stop = new AbortController();
    stop.abort();
    const settled = await Promise.race([
      pollUntilFinished(read, "no-such-job", stop.signal, 5).then(() => "settled"),
      new Promise((resolve) => setTimeout(() => resolve("pending"), 100)),
    ]);
    expect(settled).toBe("pending");
  });
});
