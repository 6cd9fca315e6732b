import { Job, Queue, Worker } from "bullmq";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshQueueName, redisConnection } from "./__fixtures__/make-request";
import { pollUntilFinished } from "./poll-until-finished";

const redisUrl = inject("redisUrl");

/** A worker that returns a job's data as `{ echoed }`, and fails a job named "fail" with `failure`. */
function echoWorker(queueName: string, failure: string): Worker {
  return new Worker(
    queueName,
    async (job) => {
      if (job.name === "fail") throw new Error(failure);
      return { echoed: job.data };
    },
    { connection: redisConnection(redisUrl) },
  );
}

// No QueueEvents here at all: the poll alone must see each job's end, as it does when a
// completion event was lost.
describe.skipIf(redisUrl === "")("pollUntilFinished (real Redis)", () => {
  const queueName = freshQueueName();
  let queue: Queue;
  let worker: Worker;
  const read = (id: string) => Job.fromId(queue, id);

  beforeAll(async () => {
    queue = new Queue(queueName, { connection: redisConnection(redisUrl) });
    worker = echoWorker(queueName, "it broke");
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

  // The race CI once hit: the job is read while it waits, then ends before its state is read.
  // A second queue with no worker holds the job until the read has its snapshot.
  it.each([
    ["completed", "ok"],
    ["failed", "fail"],
  ])(
    "should give a job's end even when it %s between the job's read and its state's",
    async (_end, name) => {
      const heldName = freshQueueName();
      const held = new Queue(heldName, { connection: redisConnection(redisUrl) });
      let late: Worker | undefined;
      try {
        const job = await held.add(name, { city: "Bergen" });
        let reads = 0;
        const readThenEnd = async (id: string) => {
          const snapshot = await Job.fromId(held, id);
          reads += 1;
          if (reads === 1) {
            expect(snapshot?.returnvalue ?? null).toBeNull();
            late = echoWorker(heldName, "it broke late");
            const ended = new Promise((resolve) => {
              late?.on("completed", resolve);
              late?.on("failed", resolve);
            });
            await ended;
          }
          return snapshot;
        };
        const stop = new AbortController();
        const polled = pollUntilFinished(readThenEnd, String(job.id), stop.signal, 5);
        if (name === "ok") await expect(polled).resolves.toEqual({ echoed: { city: "Bergen" } });
        else await expect(polled).rejects.toThrow("it broke late");
        stop.abort();
        expect(reads).toBeGreaterThan(1);
      } finally {
        await late?.close();
        await held.obliterate({ force: true }).catch(() => {});
        await held.close();
      }
    },
  );

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
