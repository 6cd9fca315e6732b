// The journal part of `pnpm bench`: batches of an echo tool through `executeToolBatch` with the
// memory, file and PostgreSQL journals, 1 and 16 batches at once, 2 and 20 calls each. Calls per
// second, and the latency a durable journal adds to each call over the memory journal (a call's
// result arrives with its batch, so a call's latency is its batch's). The reference is measured in
// the same run: the disk's own rate of fdatasync'ed appends (for the file journal), and the memory
// journal (what the executor costs without durability). What each journal asks of the disk or the
// database per batch is counted alongside. PostgreSQL comes from TOOLWRIGHT_PG_URL or the
// `.ci/services.env` of `bash scripts/services.sh start`; without one its rows are n/a.
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineEchoTool, makeToolCalls } from "../exec/echo-tools.js";
import { findServiceUrl } from "../harness/find-service-url.js";
import { formatRatio, ratioOf } from "../harness/stats.js";
import {
  countFileWork,
  countingPool,
  fileWork,
  postgresWork,
  readWalSyncs,
  snapshot,
} from "./count-journal-work.js";
import { measureFdatasyncRate } from "./measure-fdatasync-rate.js";

/** @typedef {import("../harness/table.js").Table} Table */
/** @typedef {{ journal: any, close(): Promise<void> }} OpenedJournal */
/** @typedef {{ name: string, open(): Promise<OpenedJournal>, work: () => Promise<Record<string, number>> }} JournalKind */
/** @typedef {{ callsPerSecond: number, batches: number, latencies: number[], work: Record<string, number> }} RunFigures */

const MEASURE_MS = Number(process.env.TOOLWRIGHT_BENCH_JOURNAL_MS ?? 2000);
const WARM_MS = 300;
const configurations = [
  { concurrency: 1, calls: 2 },
  { concurrency: 16, calls: 2 },
  { concurrency: 1, calls: 20 },
  { concurrency: 16, calls: 20 },
];

/** @param {number[]} sorted @param {number} fraction */
const quantile = (sorted, fraction) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;

/** @param {number} ms */
const formatMs = (ms) => (Number.isFinite(ms) ? `${ms.toFixed(2)} ms` : "n/a");

/** @param {number | undefined} rate */
const formatRate = (rate) =>
  rate === undefined || !Number.isFinite(rate)
    ? "n/a"
    : `${Math.round(rate).toLocaleString("en-US")}/s`;

/**
 * `met` when `value ≥ floor`.
 * @param {number | undefined} value @param {number} floor
 */
const atLeast = (value, floor) =>
  value === undefined || !Number.isFinite(value)
    ? "not measured"
    : value >= floor
      ? "met"
      : "NOT met";

/**
 * Runs `concurrency` loops of back-to-back batches of `calls` calls for `durationMs`.
 * @param {any} executeToolBatch @param {any} tools @param {any} journal
 * @param {{ concurrency: number, calls: number }} configuration @param {number} durationMs
 */
async function runBatches(executeToolBatch, tools, journal, { concurrency, calls }, durationMs) {
  /** @type {number[]} */
  const latencies = [];
  const prefix = randomUUID().slice(0, 8);
  let next = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const batchId = `${prefix}-${next++}`;
        const toolCalls = makeToolCalls(calls);
        const batchStarted = performance.now();
        const outcome = await executeToolBatch(toolCalls, { tools, journal, batchId });
        latencies.push(performance.now() - batchStarted);
        if (outcome.status !== "complete" || outcome.messages.length !== calls)
          throw new Error(`batch ${batchId} did not complete with ${calls} results`);
        const text = outcome.messages[calls - 1].content[0].text;
        if (text !== `hello ${calls - 1}`) throw new Error(`batch ${batchId} echoed ${text}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    callsPerSecond: (latencies.length * calls) / seconds,
    batches: latencies.length,
    latencies,
  };
}

/**
 * @param {Record<string, number>} after @param {Record<string, number>} before @param {number} batches
 */
function perBatch(after, before, batches) {
  /** @type {Record<string, number>} */
  const result = {};
  for (const key of Object.keys(after))
    result[key] = ((after[key] ?? 0) - (before[key] ?? 0)) / batches;
  return result;
}

/**
 * @param {{ log: (line: string) => void }} io
 * @returns {Promise<{ tables: Table[], summary: string[][] }>}
 */
export async function runJournalBench(io) {
  const { defineTool } = await import("@toolwright/tool-core");
  const exec = await import("@toolwright/tool-exec");
  const { createFileJournal } = await import("@toolwright/tool-exec/node");
  const tools = [defineEchoTool(defineTool)];
  await countFileWork();
  const dir = await mkdtemp(join(tmpdir(), "tw-bench-journal-"));
  const pgUrl = findServiceUrl("TOOLWRIGHT_PG_URL");
  /** @type {any} */
  let pgPool;
  const pgSchema = `tw_bench_${randomUUID().slice(0, 8)}`;

  /** @type {JournalKind[]} */
  const kinds = [
    {
      name: "memory",
      open: async () => {
        const journal = exec.createMemoryJournal();
        return { journal, close: () => journal.close() };
      },
      work: async () => ({}),
    },
    {
      name: "file",
      open: async () => {
        const journal = createFileJournal({ dir });
        return { journal, close: () => journal.close() };
      },
      work: async () => snapshot(fileWork),
    },
  ];
  /** @type {string | undefined} */
  let pgMissing =
    pgUrl === undefined
      ? "no PostgreSQL: set TOOLWRIGHT_PG_URL or run bash scripts/services.sh start"
      : undefined;
  if (pgUrl !== undefined) {
    try {
      const pg = (await import("pg")).default;
      const { createPostgresJournal } = await import("@toolwright/journal-postgres");
      // 16 held locks each keep a connection; writes need more.
      pgPool = new pg.Pool({ connectionString: pgUrl, max: 40 });
      pgPool.on("error", () => {});
      const pool = countingPool(pgPool);
      kinds.push({
        name: "postgres",
        open: async () => {
          const journal = createPostgresJournal({ pool, schema: pgSchema });
          return { journal, close: () => journal.close() };
        },
        work: async () => {
          await readWalSyncs(pgPool);
          return snapshot(postgresWork);
        },
      });
    } catch (error) {
      pgMissing = `PostgreSQL journal not measured: ${String(error)}`;
    }
  }

  io.log("journal: fdatasync reference");
  const fdatasyncRate = await measureFdatasyncRate(dir, 1500);
  /** @type {Map<string, RunFigures>} */
  const figures = new Map();
  try {
    for (const configuration of configurations) {
      for (const kind of kinds) {
        const label = `${kind.name} ${configuration.concurrency}×${configuration.calls}`;
        io.log(`journal: ${label}`);
        const opened = await kind.open();
        try {
          await runBatches(exec.executeToolBatch, tools, opened.journal, configuration, WARM_MS);
          const before = await kind.work();
          const run = await runBatches(
            exec.executeToolBatch,
            tools,
            opened.journal,
            configuration,
            MEASURE_MS,
          );
          figures.set(label, {
            ...run,
            latencies: run.latencies.sort((left, right) => left - right),
            work: perBatch(await kind.work(), before, run.batches),
          });
        } finally {
          await opened.close();
        }
      }
    }
  } finally {
    if (pgPool !== undefined) {
      await pgPool.query(`drop schema if exists "${pgSchema}" cascade`).catch(() => {});
      await pgPool.end();
    }
    await rm(dir, { recursive: true, force: true });
  }

  /** @param {string} label */
  const rateOf = (label) => figures.get(label)?.callsPerSecond;
  /** @type {string[][]} */
  const rows = [];
  for (const configuration of configurations) {
    const shape = `${configuration.concurrency}×${configuration.calls}`;
    const memory = figures.get(`memory ${shape}`);
    for (const kind of kinds) {
      const run = figures.get(`${kind.name} ${shape}`);
      if (run === undefined) continue;
      const p50 = quantile(run.latencies, 0.5);
      const p99 = quantile(run.latencies, 0.99);
      const added = (/** @type {number} */ mine, /** @type {number} */ fraction) =>
        kind.name === "memory" || memory === undefined
          ? "—"
          : formatMs(mine - quantile(memory.latencies, fraction));
      rows.push([
        kind.name,
        String(configuration.concurrency),
        String(configuration.calls),
        formatRate(run.callsPerSecond),
        kind.name === "file" ? formatRatio(ratioOf(run.callsPerSecond, fdatasyncRate)) : "—",
        `${formatMs(p50)} / ${formatMs(p99)}`,
        `${added(p50, 0.5)} / ${added(p99, 0.99)}`,
      ]);
    }
  }
  const throughput = {
    title: `journal: echo-tool batches through executeToolBatch (${MEASURE_MS / 1000} s each after ${WARM_MS} ms of warm-up)`,
    header: [
      "journal",
      "batches at once",
      "calls per batch",
      "calls/s",
      "÷ fdatasync rate",
      "batch latency p50 / p99",
      "added over memory p50 / p99",
    ],
    rows,
    notes: [
      `Reference, same run: this disk took ${formatRate(fdatasyncRate)} fdatasync'ed appends one after another (fs/promises write + datasync of a 200-byte line, in the journal's folder under ${tmpdir()}).`,
      "A call's result arrives with its batch, so a call's latency is its batch's; \"added\" is the journal's quantile minus the memory journal's in the same configuration.",
      ...(pgMissing === undefined
        ? [
            "PostgreSQL: the server of scripts/services.sh (fsync and synchronous_commit on, default settings) on loopback; a pg.Pool of 40.",
          ]
        : [pgMissing]),
    ],
  };

  /** @type {string[][]} */
  const workRows = [];
  for (const configuration of configurations) {
    const shape = `${configuration.concurrency}×${configuration.calls}`;
    const file = figures.get(`file ${shape}`)?.work;
    if (file !== undefined) {
      workRows.push([
        "file",
        shape,
        `${(file.datasync ?? 0).toFixed(2)} fdatasync + ${(file.fsync ?? 0).toFixed(2)} fsync`,
        `${(file.open ?? 0).toFixed(2)} open, ${(file.link ?? 0).toFixed(2)} link, ${(file.unlink ?? 0).toFixed(2)} unlink`,
      ]);
    }
    const postgres = figures.get(`postgres ${shape}`)?.work;
    if (postgres !== undefined) {
      workRows.push([
        "postgres",
        shape,
        `${(postgres.walSyncs ?? 0).toFixed(2)} WAL fsyncs (server)`,
        `${(postgres.queries ?? 0).toFixed(1)} statements, ${(postgres.checkouts ?? 0).toFixed(2)} client checkouts`,
      ]);
    }
  }
  const work = {
    title:
      "journal: what one batch asks of the disk or the database (averages over the measured batches)",
    header: [
      "journal",
      "batches at once × calls",
      "durable points per batch",
      "other work per batch",
    ],
    rows: workRows,
    notes: [
      "Concurrent batches share durable points when a journal commits them in groups, so a figure below 1 is possible.",
    ],
  };

  const file16 = ratioOf(rateOf("file 16×2"), fdatasyncRate);
  const file1 = ratioOf(rateOf("file 1×2"), fdatasyncRate);
  const pg16 = rateOf("postgres 16×2");
  const pgScaling = ratioOf(pg16, rateOf("postgres 1×2"));
  return {
    tables: [throughput, work],
    summary: [
      [
        "file journal, 16 concurrent 2-call batches: calls/s ÷ fdatasync rate",
        "≥ 0.50×",
        formatRatio(file16),
        atLeast(file16, 0.5),
        `${formatRate(rateOf("file 16×2"))} calls, ${formatRate(fdatasyncRate)} fdatasyncs`,
      ],
      [
        "file journal, one 2-call batch at a time: calls/s ÷ fdatasync rate",
        "≥ 0.25×",
        formatRatio(file1),
        atLeast(file1, 0.25),
        `${formatRate(rateOf("file 1×2"))} calls`,
      ],
      [
        "PostgreSQL journal, 16 concurrent 2-call batches",
        "≥ 5,000 calls/s",
        formatRate(pg16),
        atLeast(pg16, 5000),
        pgMissing ?? `memory journal: ${formatRate(rateOf("memory 16×2"))}`,
      ],
      [
        "PostgreSQL journal, 16 at once ÷ one at a time (2-call batches)",
        "≥ 4×",
        formatRatio(pgScaling),
        atLeast(pgScaling, 4),
        `one at a time: ${formatRate(rateOf("postgres 1×2"))}`,
      ],
    ],
  };
}
