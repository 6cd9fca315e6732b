// Entry of `pnpm bench`: runs the schema, executor and transcript parts (or the ones named on the
// command line), prints every table, and rewrites their blocks in bench/README.md.
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describeEnvironment } from "./harness/environment.js";
import { readSink } from "./harness/measure.js";
import { writeResultsBlock } from "./harness/results-file.js";
import { renderMarkdown, renderText } from "./harness/table.js";

/** @typedef {import("./harness/table.js").Table} Table */
/** @typedef {{ tables: Table[], summary: string[][] }} PartResult */

const readmePath = resolve(dirname(fileURLToPath(import.meta.url)), "../README.md");

/** @type {Record<string, () => Promise<(io: { log: (line: string) => void }) => Promise<PartResult>>>} */
const parts = {
  schema: async () => (await import("./schema/bench-schema.js")).runSchemaBench,
  exec: async () => (await import("./exec/bench-exec.js")).runExecBench,
  transcript: async () => (await import("./transcript/bench-transcript.js")).runTranscriptBench,
  providers: async () => (await import("./providers/bench-providers.js")).runProvidersBench,
  scale: async () => (await import("./scale/bench-scale.js")).runScaleBench,
  queue: async () => (await import("./queue/bench-queue.js")).runQueueBench,
  journal: async () => (await import("./journal/bench-journal.js")).runJournalBench,
};

const requested = process.argv.slice(2).filter((argument) => argument !== "--");
const unknown = requested.filter((name) => !(name in parts));
if (unknown.length > 0) {
  console.error(
    `unknown part ${unknown.join(", ")}; use one or more of: ${Object.keys(parts).join(", ")}`,
  );
  process.exit(2);
}
const selected = requested.length > 0 ? requested : Object.keys(parts);
const command = `pnpm bench${requested.length > 0 ? ` -- ${requested.join(" ")}` : ""}`;
const environment = describeEnvironment(command);
const io = { log: (/** @type {string} */ line) => process.stderr.write(`  ${line}\n`) };

console.log(environment.join("\n"));
for (const name of selected) {
  const startedAt = performance.now();
  const loadPart = parts[name];
  if (loadPart === undefined) continue;
  const run = await loadPart();
  const result = await run(io);
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(0);
  /** @type {Table} */
  const summary = {
    title: `${name}: targets (ratios in the same run)`,
    header: ["measure", "target", "measured", "verdict", "for scale (same run)"],
    rows: result.summary,
  };
  for (const table of [summary, ...result.tables]) console.log(renderText(table));
  const markdown = [
    environment.map((line) => `- ${line}`).join("\n"),
    `- This part took ${seconds} s.`,
    "",
    ...[summary, ...result.tables].map(renderMarkdown),
  ].join("\n");
  await writeResultsBlock(readmePath, name, markdown);
  console.log(`\n${name}: done in ${seconds} s; tables written to bench/README.md`);
}
// Reading the sink keeps every measured call observable to the JIT.
if (readSink() === Number.MIN_SAFE_INTEGER) console.log("");
