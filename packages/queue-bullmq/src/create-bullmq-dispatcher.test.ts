import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Job, Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshQueueName, makeIo, makeRequest, redisConnection } from "./__fixtures__/make-request";
import { type FixtureProcess, startWorkerProcess, stopProcess } from "./__fixtures__/spawn-fixture";
import { type BullmqDispatcher, createBullmqDispatcher } from "./create-bullmq-dispatcher";
import { jobIdForKey } from "./job-id-for-key";
import { QueueBullmqError } from "./queue-bullmq-error";

const redisUrl = inject("redisUrl");

describe.skipIf(redisUrl === "")("createBullmqDispatcher (real Redis, real worker process)", () => {
  const queueName = freshQueueName();
  let folder: string;
  let effectsFile: string;
  let worker: FixtureProcess;
  let dispatcher: BullmqDispatcher;
  let queue: Queue;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "queue-bullmq-"));
    effectsFile = join(folder, "effects.log");
    worker = await startWorkerProcess(redisUrl, queueName, {
      name: "worker-a",
      effectsFile,
      secret: "s3cret",
      tools: [
        "echo",
        "progress",
        "wait_for_abort",
        "slow_effect",
        "nested",
        "read_secret",
        "odd_details",
      ],
    });
    dispatcher = await createBullmqDispatcher({ queueName, connection: redisConnection(redisUrl) });
    queue = new Queue(queueName, { connection: redisConnection(redisUrl) });
  });

  afterAll(async () => {
    await dispatcher?.close();
    await queue?.close();
    if (worker !== undefined) await stopProcess(worker, "SIGTERM");
    await rm(folder, { recursive: true, force: true });
  });

  const effects = async () =>
    (await readFile(effectsFile, "utf8").catch(() => "")).split("\n").filter((line) => line !== "");

  it("should run the call on the worker and return what execute returned, with the request's key and attempt", async () => {
    const request = makeRequest("echo", { city: "Oslo" });
    const result = await dispatcher.execute(request, makeIo());
    expect(result).toEqual({
      status: "returned",
      value: {
        content: [{ type: "text", text: '{"city":"Oslo"}' }],
        details: { worker: "worker-a", attempt: 1, key: request.key },
      },
    });
  });

  it("should keep the job under the id derived from the key, once, with no BullMQ retries", async () => {
    const request = makeRequest("echo");
    await dispatcher.execute(request, makeIo());
    const job = await Job.fromId(queue, jobIdForKey(request.key));
    expect(job?.name).toBe("echo");
    expect(job?.opts.attempts).toBe(1);
    expect(job?.opts.removeOnComplete).toEqual({ age: 86_400 });
    expect(job?.data).toEqual(request);
  });

  it("should pass the worker's progress to onUpdate, in order and before the result", async () => {
    const io = makeIo();
    const result = await dispatcher.execute(makeRequest("progress"), io);
    expect(io.updates).toEqual(
      [1, 2, 3].map((step) => ({ content: [{ type: "text", text: `step ${step}` }] })),
    );
    expect(result).toEqual({
      status: "returned",
      value: { content: [{ type: "text", text: "done" }] },
    });
  });

  it("should answer tool_not_found with the worker's name for a tool the worker lacks", async () => {
    expect(await dispatcher.execute(makeRequest("whoami"), makeIo())).toEqual({
      status: "tool_not_found",
      worker: "worker-a",
    });
  });

  it("should give the tool the worker's seams, and run nested calls on the worker", async () => {
    expect(await dispatcher.execute(makeRequest("read_secret"), makeIo())).toEqual({
      status: "returned",
      value: { content: [{ type: "text", text: "s3cret" }] },
    });
    const nested = await dispatcher.execute(makeRequest("nested"), makeIo());
    expect(nested).toMatchObject({
      status: "returned",
      value: {
        content: [{ type: "text", text: 'inner: {"inner":true}' }],
        details: { worker: "worker-a" },
      },
    });
  });

  it("should send non-JSON details as null and name them in dropped", async () => {
    expect(await dispatcher.execute(makeRequest("odd_details"), makeIo())).toEqual({
      status: "returned",
      value: { content: [{ type: "text", text: "ok" }], details: null },
      dropped: ["details"],
    });
  });

  it("should reach the running tool's signal on abort, and report how it ended", async () => {
    const controller = new AbortController();
    const request = makeRequest("wait_for_abort");
    const pending = dispatcher.execute(request, makeIo(controller.signal));
    await worker.waitFor(`executing ${request.toolCall.id}`);
    controller.abort();
    expect(await pending).toEqual({
      status: "threw",
      message: "stopped by the signal",
      errorType: "aborted",
    });
    expect(await effects()).toContain(`aborted ${request.toolCall.id}`);
  });

  it("should abort the worker's tool after the request's timeoutMs", async () => {
    const request = makeRequest("wait_for_abort", {}, { timeoutMs: 300 });
    const result = await dispatcher.execute(request, makeIo());
    expect(result).toEqual({
      status: "threw",
      message: "stopped by the signal",
      errorType: "timeout",
    });
    expect(await effects()).toContain(`aborted ${request.toolCall.id}`);
  });

  it("should run a key once: a second execute with the same key gets the same result", async () => {
    const request = makeRequest("slow_effect", { ms: 200 });
    const [first, second] = await Promise.all([
      dispatcher.execute(request, makeIo()),
      dispatcher.execute(request, makeIo()),
    ]);
    const third = await dispatcher.execute(request, makeIo());
    expect(first).toEqual(second);
    expect(third).toEqual(first);
    expect(
      (await effects()).filter((line) => line.startsWith(`start ${request.toolCall.id} `)),
    ).toHaveLength(1);
  });

  it("should look up a finished call's result, a running one as running, and an unknown key as unknown", async () => {
    const request = makeRequest("slow_effect", { ms: 3_000 });
    const pending = dispatcher.execute(request, makeIo());
    await worker.waitFor(`executing ${request.toolCall.id}`);
    expect(await dispatcher.lookup(request.key)).toEqual({ status: "running" });
    const result = await pending;
    expect(await dispatcher.lookup(request.key)).toEqual(result);
    expect(await dispatcher.lookup("batch-nobody:call-nobody")).toEqual({ status: "unknown" });
  });

  it("should reject with the abort reason before dispatching when the signal already aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("too late"));
    const request = makeRequest("echo");
    await expect(dispatcher.execute(request, makeIo(controller.signal))).rejects.toThrow(
      "too late",
    );
    expect(await dispatcher.lookup(request.key)).toEqual({ status: "unknown" });
  });
});

describe.skipIf(redisUrl === "")("createBullmqDispatcher without a worker", () => {
  it("should remove a job that has not started when the call aborts, and reject with the abort reason", async () => {
    const queueName = freshQueueName();
    const dispatcher = await createBullmqDispatcher({
      queueName,
      connection: redisConnection(redisUrl),
    });
    try {
      const controller = new AbortController();
      const request = makeRequest("echo");
      const pending = dispatcher.execute(request, makeIo(controller.signal));
      await expect.poll(() => dispatcher.lookup(request.key)).toEqual({ status: "running" });
      controller.abort(new Error("user cancelled"));
      await expect(pending).rejects.toThrow("user cancelled");
      expect(await dispatcher.lookup(request.key)).toEqual({ status: "unknown" });
    } finally {
      await dispatcher.close();
    }
  });

  it("should keep handles as given and retain finished jobs for jobRetentionMs, in whole seconds", async () => {
    const queueName = freshQueueName();
    const connection = redisConnection(redisUrl);
    const handles = (tool: { name: string }) => tool.name.startsWith("remote_");
    const dispatcher = await createBullmqDispatcher({
      queueName,
      connection,
      handles,
      jobRetentionMs: 1_500,
    });
    const queue = new Queue(queueName, { connection });
    try {
      expect(dispatcher.handles).toBe(handles);
      const controller = new AbortController();
      const request = makeRequest("echo");
      const pending = dispatcher.execute(request, makeIo(controller.signal));
      await expect.poll(() => dispatcher.lookup(request.key)).toEqual({ status: "running" });
      const job = await Job.fromId(queue, jobIdForKey(request.key));
      expect(job?.opts).toMatchObject({
        attempts: 1,
        removeOnComplete: { age: 2 },
        removeOnFail: { age: 2 },
      });
      controller.abort();
      await expect(pending).rejects.toThrow();
    } finally {
      await queue.close();
      await dispatcher.close();
    }
  });

  it("should refuse bad options and calls after close with a QueueBullmqError", async () => {
    const connection = redisConnection(redisUrl);
    await expect(createBullmqDispatcher({ queueName: "a:b", connection })).rejects.toMatchObject({
      code: "INVALID_ARGUMENT",
    });
    await expect(
      createBullmqDispatcher({ queueName: "ok", connection, jobRetentionMs: -1 }),
    ).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
    const dispatcher = await createBullmqDispatcher({ queueName: freshQueueName(), connection });
    await dispatcher.close();
    const error = await dispatcher.execute(makeRequest("echo"), makeIo()).catch((thrown) => thrown);
    expect(QueueBullmqError.isInstance(error) && error.code).toBe("CLOSED");
  });
});
