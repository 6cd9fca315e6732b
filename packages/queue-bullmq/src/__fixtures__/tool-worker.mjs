// A real worker process for the tests, on the built package:
//   node tool-worker.mjs <redisUrl> <queueName> <config JSON>
// config: { name, tools?: string[], effectsFile?, lockDurationMs?, stalledIntervalMs?, maxAttempts?,
//           concurrency?, secret?, postgresSchema? } — with postgresSchema the first argument is a
//           PostgreSQL URL and the worker uses BullMQ's PostgreSQL backend.
// Prints "ready <name>" once it listens and "executing <callId> attempt <n>" when a tool starts.
import { appendFileSync } from "node:fs";
import { defineSeam, defineTool } from "@toolwright/tool-core";
import { ToolRunnerSeam } from "@toolwright/tool-exec";
import { createPostgresBackend } from "bullmq";
import { startBullmqToolWorker } from "../../dist/index.js";

const [redisUrl, queueName, configText] = process.argv.slice(2);
const config = JSON.parse(configText);
const { name } = config;
const SecretSeam = defineSeam("secret");
const open = { type: "object" };
const text = (value) => ({ content: [{ type: "text", text: value }] });
const sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new Error(`stopped: ${String(signal.reason?.message ?? signal.reason)}`));
    });
  });
const effect = (line) => {
  if (config.effectsFile) appendFileSync(config.effectsFile, `${line}\n`);
};
const announce = (context) =>
  console.log(`executing ${context.toolCallId} attempt ${context.attempt}`);

const all = [
  defineTool({
    name: "echo",
    description: "Returns its arguments and where it ran.",
    parameters: open,
    execute: (args, context) => ({
      ...text(JSON.stringify(args)),
      details: { worker: name, attempt: context.attempt, key: context.idempotencyKey },
    }),
  }),
  defineTool({
    name: "progress",
    description: "Streams three updates, then returns.",
    parameters: open,
    async execute(_args, context) {
      for (const step of [1, 2, 3]) {
        context.onUpdate({ content: [{ type: "text", text: `step ${step}` }] });
        await sleep(20);
      }
      return text("done");
    },
  }),
  defineTool({
    name: "wait_for_abort",
    description: "Waits until its signal aborts, records that, and throws.",
    parameters: open,
    async execute(_args, context) {
      announce(context);
      await new Promise((resolve) => {
        if (context.signal.aborted) resolve();
        context.signal.addEventListener("abort", resolve, { once: true });
      });
      effect(`aborted ${context.toolCallId}`);
      console.log(`aborted ${context.toolCallId}`);
      throw new Error("stopped by the signal");
    },
  }),
  defineTool({
    name: "slow_effect",
    description: "Records an effect, then works for args.ms.",
    parameters: open,
    async execute(args, context) {
      effect(`start ${context.toolCallId} attempt ${context.attempt} key ${context.idempotencyKey} on ${name}`);
      announce(context);
      await sleep(args.ms ?? 0, context.signal);
      return { ...text(`finished on ${name}`), details: { worker: name, attempt: context.attempt } };
    },
  }),
  defineTool({
    name: "whoami",
    description: "Works for args.ms and says which worker it ran on.",
    parameters: open,
    async execute(args) {
      await sleep(args.ms ?? 0);
      return text(name);
    },
  }),
  defineTool({
    name: "nested",
    description: "Calls echo through ToolRunnerSeam on this worker.",
    parameters: open,
    async execute(_args, context) {
      const outcome = await context.use(ToolRunnerSeam).runToolCall({
        type: "toolCall",
        id: `${context.toolCallId}/inner`,
        name: "echo",
        arguments: { inner: true },
      });
      return { ...text(`inner: ${outcome.result.content[0].text}`), details: outcome.result.details };
    },
  }),
  defineTool({
    name: "read_secret",
    description: "Reads the worker's secret seam.",
    parameters: open,
    seams: [SecretSeam],
    execute: (_args, context) => text(context.use(SecretSeam)),
  }),
  defineTool({
    name: "odd_details",
    description: "Returns details that are not JSON.",
    parameters: open,
    execute: () => ({ ...text("ok"), details: { handle: () => 1 } }),
  }),
];
const tools = config.tools ? all.filter((tool) => config.tools.includes(tool.name)) : all;
const seams = config.secret === undefined ? [] : [[SecretSeam, config.secret]];

const url = new URL(redisUrl);
const where =
  config.postgresSchema === undefined
    ? { connection: { host: url.hostname, port: Number(url.port), maxRetriesPerRequest: null } }
    : {
        connection: { connectionString: redisUrl, schema: config.postgresSchema, migrate: true },
        backend: createPostgresBackend,
      };
const worker = await startBullmqToolWorker({
  queueName,
  ...where,
  tools,
  seams,
  name,
  ...(config.concurrency === undefined ? {} : { concurrency: config.concurrency }),
  ...(config.lockDurationMs === undefined ? {} : { lockDurationMs: config.lockDurationMs }),
  ...(config.stalledIntervalMs === undefined ? {} : { stalledIntervalMs: config.stalledIntervalMs }),
  ...(config.maxAttempts === undefined ? {} : { maxAttempts: config.maxAttempts }),
});
console.log(`ready ${worker.name}`);
process.on("SIGTERM", () => {
  void worker.close().then(() => process.exit(0));
});
