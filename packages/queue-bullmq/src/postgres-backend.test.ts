import { randomUUID } from "node:crypto";
import { createPostgresBackend } from "bullmq";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freshQueueName, makeIo, makeRequest } from "./__fixtures__/make-request";
import { type FixtureProcess, startWorkerProcess, stopProcess } from "./__fixtures__/spawn-fixture";
import { type BullmqDispatcher, createBullmqDispatcher } from "./create-bullmq-dispatcher";

const postgresUrl = inject("postgresUrl");

describe.skipIf(postgresUrl === "")(
  "on BullMQ's PostgreSQL backend (real PostgreSQL, real worker process)",
  () => {
    const queueName = freshQueueName();
    const schema = `tw_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
    let worker: FixtureProcess;
    let dispatcher: BullmqDispatcher;

    beforeAll(async () => {
      worker = await startWorkerProcess(postgresUrl, queueName, {
        name: "pg-worker",
        postgresSchema: schema,
      });
      dispatcher = await createBullmqDispatcher({
        queueName,
        connection: { connectionString: postgresUrl, schema, migrate: true },
        backend: createPostgresBackend,
      });
    });
    afterAll(async () => {
      await dispatcher?.close();
      if (worker !== undefined) await stopProcess(worker, "SIGTERM");
    });

    it("should return results and progress, and look them up", async () => {
      const io = makeIo();
      const request = makeRequest("progress");
      const result = await dispatcher.execute(request, io);
      expect(result).toEqual({
        status: "returned",
        value: { content: [{ type: "text", text: "done" }] },
      });
      expect(io.updates.map((update) => update.content?.[0])).toEqual(
        [1, 2, 3].map((step) => ({ type: "text", text: `step ${step}` })),
      );
      expect(await dispatcher.lookup(request.key)).toEqual(result);
      expect(await dispatcher.execute(makeRequest("missing_tool"), makeIo())).toEqual({
        status: "tool_not_found",
        worker: "pg-worker",
      });
    });

    it("should cancel a running job through the same tw-cancel event", async () => {
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
    });
  },
);
