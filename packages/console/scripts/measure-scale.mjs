// Measures the console over a journal of 10,000 batches (not part of the tests: speed is not
// asserted there). Prints how long the first response of each page takes, on a PostgreSQL journal
// and a file journal, and what a live poll costs.
//   node scripts/measure-scale.mjs [batches]     (TOOLWRIGHT_PG_URL for the PostgreSQL part)
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getRequestListener } from "@hono/node-server";
import { createPostgresJournal } from "@toolwright/journal-postgres";
import { createFileJournal } from "@toolwright/tool-exec/node";
import pg from "pg";
import { createConsoleHandler } from "../dist/index.js";

const COUNT = Number(process.argv[2] ?? 10_000);
const TOKEN = "a-long-enough-login-token";
const start = Date.parse("2026-01-01T00:00:00.000Z");

function recordsOf(index) {
  const batchId = `scale-${String(index).padStart(6, "0")}`;
  const at = new Date(start + index * 1000).toISOString();
  const calls = [
    { type: "toolCall", id: "c1", name: "read_file", arguments: { path: `notes/${index}.md` } },
    {
      type: "toolCall",
      id: "c2",
      name: index % 10 === 0 ? "delete_file" : "word_count",
      arguments: { path: "x" },
    },
  ];
  const settled = (callId, isError) => ({
    t: "settled",
    callId,
    at,
    attempt: 1,
    outcome: {
      result: { content: [{ type: "text", text: "x".repeat(400) }] },
      isError,
      durationMs: 3,
    },
  });
  const records = [
    { t: "batch", v: 1, batchId, at, mode: "parallel", calls },
    { t: "started", callId: "c1", attempt: 1, replay: "never", at },
    settled("c1", false),
  ];
  if (index % 10 === 0)
    records.push({ t: "approval", callId: "c2", approvalId: `a-${index}`, at, reason: "deletes" });
  else
    records.push(
      { t: "started", callId: "c2", attempt: 1, replay: "never", at },
      settled("c2", index % 97 === 0),
      { t: "completed", at },
    );
  return [batchId, records];
}

async function fill(journal) {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < COUNT) {
      const [batchId, records] = recordsOf(next++);
      const lock = await journal.lock(batchId, "measure");
      await journal.append(batchId, records);
      await lock.release();
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  return performance.now() - started;
}

async function measurePages(name, journal) {
  const handler = createConsoleHandler({ journal, auth: { token: TOKEN, reviewer: "measure" } });
  const server = createServer(getRequestListener(handler, { overrideGlobalObjects: false }));
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  const login = await fetch(`${base}/login?token=${TOKEN}`, { redirect: "manual" });
  const cookie = login.headers.get("set-cookie").split(";")[0];
  const timed = async (path, headers = {}) => {
    const begun = performance.now();
    const response = await fetch(`${base}${path}`, { headers: { cookie, ...headers } });
    const body = await response.text();
    return { ms: performance.now() - begun, status: response.status, body };
  };
  const rows = [];
  for (const [label, path] of [
    ["batches, first page (first request)", "/"],
    ["batches, first page (again)", "/"],
    ["batches, page 2", null],
    ["batches, state=failed", "/?state=failed"],
    ["batches, tool=delete_file", "/?tool=delete_file"],
    ["batches, one hour", "/?since=2026-01-01T01:00Z&until=2026-01-01T02:00Z"],
    ["inbox (1,000 pending)", "/approvals"],
    ["timeline", "/batches/scale-005000"],
  ]) {
    let target = path;
    if (target === null) {
      const first = await timed("/");
      target = /href="(\/\?cursor=[^"]+)">Older/.exec(first.body)[1].replaceAll("&amp;", "&");
    }
    const result = await timed(target);
    rows.push([label, result.ms, result.status]);
  }
  const page = await timed("/");
  const fingerprint = /data-fingerprint="([0-9a-f]+)"/.exec(page.body)[1];
  const polls = [];
  for (let index = 0; index < 50; index++)
    polls.push((await timed("/", { "x-console-live": fingerprint })).ms);
  polls.sort((a, b) => a - b);
  rows.push(["live poll of the batches page, unchanged (median of 50)", polls[25], 204]);
  const listing = [];
  for (let index = 0; index < 50; index++) {
    const begun = performance.now();
    await journal.listBatches({ limit: 50 });
    listing.push(performance.now() - begun);
  }
  listing.sort((a, b) => a - b);
  rows.push(["  of which listBatches alone (median of 50)", listing[25], ""]);
  server.closeAllConnections();
  server.close();
  console.log(`\n${name}, ${COUNT} batches`);
  for (const [label, ms, status] of rows)
    console.log(`  ${label.padEnd(58)} ${ms.toFixed(1).padStart(8)} ms  ${status}`);
}

if (process.env.TOOLWRIGHT_PG_URL) {
  const pool = new pg.Pool({ connectionString: process.env.TOOLWRIGHT_PG_URL, max: 40 });
  const schema = `tw_scale_${process.pid}`;
  try {
    const writer = createPostgresJournal({ pool, schema });
    console.log(
      `PostgreSQL: wrote ${COUNT} batches in ${((await fill(writer)) / 1000).toFixed(1)} s`,
    );
    await pool.query(`analyze "${schema}".records`);
    const readerPool = new pg.Pool({ connectionString: process.env.TOOLWRIGHT_PG_URL, max: 4 });
    await measurePages("PostgreSQL journal", createPostgresJournal({ pool: readerPool, schema }));
    await readerPool.end();
    await writer.close();
  } finally {
    await pool.query(`drop schema if exists "${schema}" cascade`);
    await pool.end();
  }
}

const dir = await mkdtemp(join(tmpdir(), "toolwright-console-scale-"));
try {
  const writer = createFileJournal({ dir, sync: "none", retainCompleted: true });
  console.log(`file: wrote ${COUNT} batches in ${((await fill(writer)) / 1000).toFixed(1)} s`);
  await writer.close();
  await measurePages(
    "file journal (a fresh journal instance: the first request reads every file)",
    createFileJournal({ dir }),
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
