import type { ToolDispatcher } from "@toolwright/tool-exec";
import { createPostgresBackend } from "bullmq";
import { describe, expectTypeOf, it } from "vitest";
import type { BullmqDispatcher, BullmqDispatcherOptions } from "./create-bullmq-dispatcher";
import type { BullmqToolWorkerOptions } from "./start-bullmq-tool-worker";

describe("the options and results of queue-bullmq", () => {
  it("should make a BullmqDispatcher a ToolDispatcher with lookup and close", () => {
    expectTypeOf<BullmqDispatcher>().toExtend<ToolDispatcher>();
    expectTypeOf<BullmqDispatcher["close"]>().returns.toEqualTypeOf<Promise<void>>();
  });

  it("should take Redis options, or a PostgreSQL connection with bullmq's createPostgresBackend", () => {
    expectTypeOf({
      queueName: "tools",
      connection: { host: "127.0.0.1", port: 6379 },
    }).toExtend<BullmqDispatcherOptions>();
    expectTypeOf({
      queueName: "tools",
      connection: { connectionString: "postgres://127.0.0.1/db", schema: "q" },
      backend: createPostgresBackend,
      tools: [],
    }).toExtend<BullmqToolWorkerOptions>();
    expectTypeOf({ connection: {} }).not.toExtend<BullmqDispatcherOptions>();
  });
});
