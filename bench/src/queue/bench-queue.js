// Remote execution on BullMQ (`@toolwright/queue-bullmq`): round trip of one call and throughput
// with 1, 2 and 4 worker processes, each against bare BullMQ (Queue.add + waitUntilFinished, a
// plain Worker) on the same Redis in the same run. Needs a Redis: TOOLWRIGHT_REDIS_URL, or the
// `.ci/services.env` that `bash scripts/services.sh start` writes; without one the part reports n/a.
//
// This file is also the worker process it spawns: `node bench-queue.js worker <url> <queue> <kind>`.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { findServiceUrl } from "../harness/find-service-url.js";
import { formatRatio, ratioOf, verdict } from "../harness/stats.js";

const here = fileURLToPath(import.meta.url);
const WORKER_CONCURRENCY = 8;
const ROUND_TRIP_CALLS = 300;
const THROUGHPUT_CALLS = 600;
const IN_FLIGHT = 64;

if (process.argv[2] === "worker") await runWorkerProcess(process.argv.slice(3));

/** @param {string} url */
function connectionOf(url) {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port), maxRetriesPerRequest: null };
}

/** @param {number} ms */
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** @param {string[]} args */
async function runWorkerProcess([url = "", queueName = "", kind = "ours"]) {
  const connection = connectionOf(url);
  /** @param {{ text: string, ms: number }} args */
  const work = async ({ text, ms }) => {
    if (ms > 0) await sleep(ms);
    return { content: [{ type: /** @type {const} */ ("text"), text }] };
  };
  /** @type {{ close(): Promise<void> }} */
  let worker;
  if (kind === "ours") {
    const { startBullmqToolWorker } = await import("@toolwright/queue-bullmq");
    const { defineTool } = await import("@toolwright/tool-core");
    const echo = defineTool({
      name: "echo",
      description: "Echoes its text after ms milliseconds.",
      parameters: { type: "object" },
      /** @param {any} args */
      execute: (args) => work(args),
    });
    worker = await startBullmqToolWorker({
      queueName,
      connection,
      tools: [echo],
      concurrency: WORKER_CONCURRENCY,
    });
  } else {
    const { Worker } = await import("bullmq");
    const bare = new Worker(queueName, (job) => work(job.data), {
      connection,
      concurrency: WORKER_CONCURRENCY,
    });
    await bare.waitUntilReady();
    worker = bare;
  }
  console.log("ready");
  process.on("SIGTERM", () => void worker.close().then(() => process.exit(0)));
}

/**
 * Starts `count` worker processes of `kind` on `queueName` and resolves once all listen.
 * @param {number} count @param {string} url @param {string} queueName @param {string} kind
 */
async function startWorkers(count, url, queueName, kind) {
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, [here, "worker", url, queueName, kind], {
      stdio: ["ignore", "pipe", "inherit"],
    }),
  );
  await Promise.all(
    children.map(
      (child) =>
        new Promise((done, fail) => {
          child.stdout?.on("data", (chunk) => {
            if (String(chunk).includes("ready")) done(undefined);
          });
          child.once("exit", (code) =>
            fail(new Error(`worker exited (${code}) before it was ready`)),
          );
        }),
    ),
  );
  return async () => {
    await Promise.all(
      children.map((child) => {
        const exited = new Promise((done) => child.once("exit", done));
        child.kill("SIGTERM");
        return exited;
      }),
    );
  };
}

/**
 * A coordinator of `kind`: `call({ text, ms })` runs one call remotely and resolves with its text.
 * @param {string} url @param {string} queueName @param {string} kind
 */
async function startCoordinator(url, queueName, kind) {
  const connection = connectionOf(url);
  if (kind === "ours") {
    const { createBullmqDispatcher } = await import("@toolwright/queue-bullmq");
    const dispatcher = await createBullmqDispatcher({ queueName, connection });
    return {
      /** @param {{ text: string, ms: number }} args */
      async call(args) {
        const id = randomUUID();
        const result = await dispatcher.execute(
          {
            v: 1,
            key: `bench:${id}`,
            batchId: "bench",
            toolCall: { type: "toolCall", id, name: "echo", arguments: args },
            toolName: "echo",
            args,
            replay: "never",
            attempt: 1,
          },
          // Each call gets its own signal, as the executor gives it.
          { signal: new AbortController().signal, onUpdate() {} },
        );
        if (result.status !== "returned") throw new Error(`unexpected ${result.status}`);
        return /** @type {any} */ (result.value).content[0].text;
      },
      close: () => dispatcher.close(),
    };
  }
  const { Queue, QueueEvents } = await import("bullmq");
  const queue = new Queue(queueName, { connection });
  const events = new QueueEvents(queueName, { connection });
  // As ours does: each call in flight adds listeners to both.
  events.setMaxListeners(0);
  queue.setMaxListeners(0);
  await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
  const retention = { age: 3600 };
  return {
    /** @param {{ text: string, ms: number }} args */
    async call(args) {
      const job = await queue.add("echo", args, {
        attempts: 1,
        removeOnComplete: retention,
        removeOnFail: retention,
      });
      return (await job.waitUntilFinished(events)).content[0].text;
    },
    close: async () => {
      await events.close();
      await queue.close();
    },
  };
}

/** @param {number[]} sorted @param {number} fraction */
const quantile = (sorted, fraction) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;

/**
 * One call at a time through one worker process: per-call latencies in ms.
 * @param {string} url @param {string} kind
 */
async function measureRoundTrip(url, kind) {
  const queueName = `tw_bench_${randomUUID().slice(0, 8)}`;
  const stop = await startWorkers(1, url, queueName, kind);
  const coordinator = await startCoordinator(url, queueName, kind);
  try {
    for (let index = 0; index < 30; index++) await coordinator.call({ text: "warm", ms: 0 });
    const times = [];
    for (let index = 0; index < ROUND_TRIP_CALLS; index++) {
      const text = `call ${index}`;
      const started = performance.now();
      const echoed = await coordinator.call({ text, ms: 0 });
      times.push(performance.now() - started);
      if (echoed !== text) throw new Error(`${kind} echoed ${echoed} for ${text}`);
    }
    return times.sort((left, right) => left - right);
  } finally {
    await coordinator.close();
    await stop();
  }
}

/**
 * THROUGHPUT_CALLS calls, IN_FLIGHT at a time, through `workers` worker processes: calls per second.
 * @param {string} url @param {string} kind @param {number} workers @param {number} ms
 */
async function measureThroughput(url, kind, workers, ms) {
  const queueName = `tw_bench_${randomUUID().slice(0, 8)}`;
  const stop = await startWorkers(workers, url, queueName, kind);
  const coordinator = await startCoordinator(url, queueName, kind);
  try {
    await Promise.all(Array.from({ length: 16 }, () => coordinator.call({ text: "warm", ms })));
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < THROUGHPUT_CALLS) {
          const text = `call ${next++}`;
          const echoed = await coordinator.call({ text, ms });
          if (echoed !== text) throw new Error(`${kind} echoed ${echoed} for ${text}`);
        }
      }),
    );
    return THROUGHPUT_CALLS / ((performance.now() - started) / 1000);
  } finally {
    await coordinator.close();
    await stop();
  }
}

/** @param {number} ms */
const formatMs = (ms) => (Number.isFinite(ms) ? `${ms.toFixed(2)} ms` : "n/a");

/**
 * @param {{ log: (line: string) => void }} io
 * @returns {Promise<{ tables: import("../harness/table.js").Table[], summary: string[][] }>}
 */
export async function runQueueBench(io) {
  const url = findServiceUrl("TOOLWRIGHT_REDIS_URL");
  const loaded = await import("@toolwright/queue-bullmq").catch((error) => ({ error }));
  const missing =
    url === undefined
      ? "no Redis: set TOOLWRIGHT_REDIS_URL or run bash scripts/services.sh start"
      : "error" in loaded
        ? `@toolwright/queue-bullmq does not load (${String(loaded.error)})`
        : undefined;
  if (missing !== undefined || url === undefined) {
    const reason = missing ?? "no Redis";
    return {
      tables: [],
      summary: [["remote round trip and throughput", "—", "n/a", "not measured", reason]],
    };
  }
  io.log("queue: round trip, one call at a time");
  /** @type {Record<string, number[]>} */
  const latencies = {};
  for (const kind of ["bare", "ours", "bare", "ours", "bare", "ours"]) {
    const times = await measureRoundTrip(url, kind);
    const previous = latencies[kind];
    // Three interleaved rounds; the one with the lower median is kept.
    if (previous === undefined || quantile(times, 0.5) < quantile(previous, 0.5))
      latencies[kind] = times;
  }
  const ours = latencies.ours ?? [];
  const bare = latencies.bare ?? [];
  const roundTripRatio = ratioOf(quantile(ours, 0.5), quantile(bare, 0.5));
  const roundTrip = {
    title: `queue: round trip of one call, one worker process (${ROUND_TRIP_CALLS} sequential calls, 0 ms tool)`,
    header: ["path", "median", "p95", "p99", "median ÷ bare BullMQ"],
    rows: [
      [
        "bare BullMQ (add + waitUntilFinished)",
        formatMs(quantile(bare, 0.5)),
        formatMs(quantile(bare, 0.95)),
        formatMs(quantile(bare, 0.99)),
        "1.00×",
      ],
      [
        "ours (dispatcher.execute → worker)",
        formatMs(quantile(ours, 0.5)),
        formatMs(quantile(ours, 0.95)),
        formatMs(quantile(ours, 0.99)),
        formatRatio(roundTripRatio),
      ],
    ],
    notes: [
      "Coordinator in this process, worker in a child process, Redis on loopback; the fastest of three interleaved rounds.",
    ],
  };
  /** @type {string[][]} */
  const throughputRows = [];
  /** @type {Record<string, number>} */
  const throughput = {};
  for (const ms of [0, 20]) {
    for (const workers of [1, 2, 4]) {
      for (const kind of ["bare", "ours"]) {
        io.log(`queue: throughput, ${kind}, ${workers} worker(s), ${ms} ms tool`);
        throughput[`${kind}/${workers}/${ms}`] = await measureThroughput(url, kind, workers, ms);
      }
      const oursRate = throughput[`ours/${workers}/${ms}`];
      const bareRate = throughput[`bare/${workers}/${ms}`];
      throughputRows.push([
        `${ms} ms`,
        String(workers),
        `${(bareRate ?? Number.NaN).toFixed(0)} calls/s`,
        `${(oursRate ?? Number.NaN).toFixed(0)} calls/s`,
        formatRatio(ratioOf(oursRate, bareRate)),
      ]);
    }
  }
  const throughputTable = {
    title: `queue: throughput (${THROUGHPUT_CALLS} calls, ${IN_FLIGHT} in flight, worker concurrency ${WORKER_CONCURRENCY})`,
    header: ["tool time", "worker processes", "bare BullMQ", "ours", "ours ÷ bare"],
    rows: throughputRows,
    notes: [
      "All processes share the machine's 2 cores with Redis and the coordinator: with a 0 ms tool more workers compete for the same CPU, so the figure shows the queue's cost, not scaling; the 20 ms tool shows scaling of waiting work.",
    ],
  };
  const throughputRatio = ratioOf(throughput["ours/1/0"], throughput["bare/1/0"]);
  return {
    tables: [roundTrip, throughputTable],
    summary: [
      [
        "round trip per call (median) vs bare BullMQ",
        "≤ 1.5× bare",
        formatRatio(roundTripRatio),
        verdict(roundTripRatio, 1.5),
        `bare ${formatMs(quantile(bare, 0.5))}, ours ${formatMs(quantile(ours, 0.5))}`,
      ],
      [
        "throughput, 1 worker, 0 ms tool (bare ÷ ours)",
        "≤ 1.5×",
        formatRatio(ratioOf(1, throughputRatio)),
        verdict(ratioOf(1, throughputRatio), 1.5),
        `bare ${(throughput["bare/1/0"] ?? 0).toFixed(0)} calls/s, ours ${(throughput["ours/1/0"] ?? 0).toFixed(0)} calls/s`,
      ],
    ],
  };
}
