import { randomUUID } from "node:crypto";
import { dirname, join } from "node:path";
import { createBullmqDispatcher } from "@toolwright/queue-bullmq";
import type { Message } from "@toolwright/tool-core";
import { provideSeam, ToolRegistry } from "@toolwright/tool-core";
import { runAgentLoop } from "../agent-loop";
import { findDemoDirectory } from "../find-demo-directory";
import { openDemoRun } from "../open-demo-run";
import type { DemoOutput } from "../render";
import type { DemoOptions, DemoResult } from "../run-demo";
import { createScriptedModel } from "../scripted-model";
import { calculatorTool, finishTool, SleepSeam, sleepWithTimer, slowTaskTool } from "../tools";
import { provideRedis } from "./provide-redis";
import { QUEUE_SESSION } from "./queue-session";
import { readRanOn } from "./remote-slow-task";
import { startQueueWorkers } from "./start-queue-workers";
import { toRedisConnection } from "./to-redis-connection";

/** Options of {@link runQueueDemo}: the demo's, plus where Redis and the worker script are. */
export interface QueueDemoOptions extends DemoOptions {
  /** Read for `TOOLWRIGHT_REDIS_URL`; without it a private Redis is started and stopped. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The built worker (`dist/queue-worker.js`); default: in this package's `dist/`. */
  readonly workerScript?: string;
}

const WORKER_NAMES = ["worker-a", "worker-b"] as const;

/**
 * `--queue` (SPEC §12): the loop with `slow_task` dispatched through `createBullmqDispatcher` to two
 * worker processes (`startBullmqToolWorker` in `dist/queue-worker.js`), on `TOOLWRIGHT_REDIS_URL` or
 * a Redis it starts with `scripts/services.sh`. Each call's end is followed by a `ran_on` event
 * naming the process that executed it. Workers and a started Redis are stopped at the end.
 */
export async function runQueueDemo(
  options: QueueDemoOptions,
  output: DemoOutput,
): Promise<DemoResult> {
  const { emit, sandbox, finish } = await openDemoRun(options, output);
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const demoDirectory = findDemoDirectory();
    const redis = await provideRedis(
      options.env ?? process.env,
      dirname(dirname(demoDirectory)),
      join(sandbox.root, ".services"),
    );
    cleanups.push(() => redis.release());
    const queueName = `toolwright-demo-${randomUUID()}`;
    const workers = await startQueueWorkers(
      options.workerScript ?? join(demoDirectory, "dist", "queue-worker.js"),
      redis.url,
      queueName,
      WORKER_NAMES,
    );
    cleanups.push(() => workers.stop());
    const dispatcher = await createBullmqDispatcher({
      queueName,
      connection: toRedisConnection(redis.url),
      handles: (tool) => tool.name === slowTaskTool.name,
    });
    cleanups.push(() => dispatcher.close());

    const registry = new ToolRegistry([slowTaskTool, calculatorTool, finishTool]);
    const model = options.model ?? createScriptedModel(QUEUE_SESSION);
    await emit({
      type: "demo_start",
      model: model.name,
      sandbox: sandbox.root,
      files: sandbox.files,
      tools: registry.list().map((tool) => tool.name),
    });
    await emit({
      type: "queue_ready",
      redis: redis.url,
      startedRedis: redis.started,
      queueName,
      coordinatorPid: process.pid,
      workers: workers.workers,
    });
    const transcript: Message[] = [];
    let toolCalls = 0;
    let errors = 0;
    const loop = await runAgentLoop({
      model,
      registry,
      transcript,
      systemPrompt: "You are a careful assistant. slow_task runs on worker processes.",
      task: "Index three folders with slow_task, compute 6 * 7, then finish.",
      ...(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      batch: {
        dispatcher,
        timeoutMs: 30_000,
        // Only the coordinator's own calls use this; the workers provide their own SleepSeam.
        seams: [provideSeam(SleepSeam, options.sleep ?? sleepWithTimer)],
      },
      async onEvent(event) {
        if (event.type === "tool_result") {
          toolCalls += 1;
          if (event.message.isError) errors += 1;
        }
        await emit(event);
        if (event.type !== "tool_execution_end" || event.durationMs === undefined) return;
        const ranOn = readRanOn(event.result.details);
        await emit({
          type: "ran_on",
          turn: event.turn,
          toolCallId: event.toolCallId,
          toolName: event.toolName,
          worker: ranOn?.worker ?? "coordinator",
          pid: ranOn?.pid ?? process.pid,
        });
      },
    });
    return await finish({
      reason: loop.reason,
      turns: loop.turns,
      toolCalls,
      errors,
      messages: loop.messages,
      finalTools: registry.list().map((tool) => tool.name),
    });
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await sandbox.cleanup();
  }
}
