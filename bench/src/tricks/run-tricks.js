// The figures of docs/performance.md: for each V8 trick of schema-coerce and tool-exec, the
// package's current source against the same source with the trick taken out (tricks.js), both
// bundled the same way and timed in one process, in interleaved rounds, in several processes.
//
//   node src/tricks/run-tricks.js [--processes 5] [--rounds 4] [--measures a,b] [filter…]
//
// (from bench/, after `pnpm bench -- exec` or `pnpm --dir bench install --ignore-workspace` once;
// a filter keeps the tricks whose `<package>: <id>` contains it, e.g. `tool-exec: control`). Not part of `pnpm bench` or
// `pnpm test`.
//
// A figure is "without ÷ with": above 1 the trick saves that much. Each process gives the median
// of its rounds' paired ratios; the table shows the median over processes and their min–max.
// The first trick of each package is a control: the same source built twice (A/A), whose ratios
// show how far from 1 a change that does nothing lands between processes. A trick has an effect
// on a measure only when every process lands on the same side of 1 and farther from it than any
// process of the control did (without a control for that measure: farther than the trick's own
// spread, max − min).
import { execFileSync } from "node:child_process";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildVariant } from "./build-variants.js";
import { tricks } from "./tricks.js";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
/** @param {string} name @param {number} fallback */
function option(name, fallback) {
  const at = args.indexOf(name);
  if (at === -1) return fallback;
  const value = Number(args[at + 1]);
  args.splice(at, 2);
  return value;
}
/** `--measures a,b`: take only these of each trick's measures. */
/** @type {string[] | undefined} */
let only;
const measuresAt = args.indexOf("--measures");
if (measuresAt !== -1) {
  only = (args[measuresAt + 1] ?? "").split(",");
  args.splice(measuresAt, 2);
}
const processes = option("--processes", 5);
const rounds = option("--rounds", 4);
const filters = args;

/** @param {import("./tricks.js").Trick} trick */
function measuresOf(trick) {
  return only === undefined
    ? trick.measures
    : trick.measures.filter((measure) => only?.includes(measure));
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const upper = sorted[middle] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? Number.NaN) + upper) / 2;
}

/** @param {number} value */
const load = (value) => value.toFixed(1);

/** @type {Record<string, string>} */
const units = {
  "parse-valid": "ns/call (geomean of 10 cases)",
  "parse-coercible": "ns/call (geomean of 10 cases)",
  "memory-per-schema": "bytes/schema after first use",
  "parse-coercible-30": "ns/call (create_issue, 30 properties)",
  "parse-coercible-50": "ns/call (edit, array of 50 objects)",
  "parse-invalid": "ns/call (geomean of 10 cases)",
  "per-call": "ns/call",
  "batch-1k": "ns/call (CPU)",
  "batch-10k": "ns/call (CPU)",
  "batch-1k-gc-each": "ns/call (CPU)",
  "young-gc-10k": "scavenges/batch",
  "held-10k": "bytes/call in flight",
};

const selected = tricks.filter(
  (trick) =>
    filters.length === 0 || filters.some((filter) => `${trick.pkg}: ${trick.id}`.includes(filter)),
);
/** @type {Record<string, string>} */
const bases = {};
/** How far from 1 the control's processes landed, by `pkg:measure`. */
/** @type {Record<string, number>} */
const noise = {};
console.log(
  "| trick | package | measure | with (median) | without ÷ with: median [min–max] over processes | effect? | load (1 min) |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const trick of selected) {
  if (bases[trick.pkg] === undefined) {
    const base = await buildVariant(trick.pkg, "base", []);
    if ("missing" in base) throw new Error(base.missing);
    bases[trick.pkg] = base.path;
  }
  const variant = await buildVariant(trick.pkg, trick.id, trick.patches);
  if ("missing" in variant) {
    console.log(
      `| ${trick.id} | ${trick.pkg} | — | — | not in this code: ${variant.missing} | — | — |`,
    );
    continue;
  }
  /** @type {Record<string, number[]>} */
  const ratios = {};
  /** @type {Record<string, number[]>} */
  const withTrick = {};
  const loads = [];
  for (let index = 0; index < processes; index++) {
    loads.push(/** @type {number} */ (loadavg()[0]));
    const output = execFileSync(
      process.execPath,
      [
        "--expose-gc",
        join(here, "ab-worker.js"),
        trick.pkg,
        /** @type {string} */ (bases[trick.pkg]),
        variant.path,
        measuresOf(trick).join(","),
        String(rounds),
      ],
      { encoding: "utf8", maxBuffer: 1 << 24 },
    );
    /** @type {Record<string, { base: number[], variant: number[] }>} */
    const figures = JSON.parse(output.trim().split("\n").at(-1) ?? "{}");
    for (const [measure, { base, variant: without }] of Object.entries(figures)) {
      const paired = base.map((value, round) => /** @type {number} */ (without[round]) / value);
      ratios[measure] = [...(ratios[measure] ?? []), median(paired)];
      withTrick[measure] = [...(withTrick[measure] ?? []), median(base)];
    }
  }
  for (const measure of measuresOf(trick)) {
    const values = ratios[measure] ?? [];
    const middle = median(values);
    const spread = Math.max(...values) - Math.min(...values);
    const low = Math.min(...values);
    const high = Math.max(...values);
    const key = `${trick.pkg}:${measure}`;
    if (trick.patches.length === 0) {
      noise[key] = Math.max(...values.map((value) => Math.abs(value - 1)));
    }
    const floor = noise[key];
    const effect =
      trick.patches.length === 0
        ? "(control)"
        : floor === undefined
          ? Math.abs(middle - 1) > spread
            ? middle > 1
              ? "yes: helps"
              : "yes: hurts"
            : "no"
          : low > 1 + floor
            ? "yes: helps"
            : high < 1 - floor
              ? "yes: hurts"
              : "no";
    const perProcess = values.map((value) => value.toFixed(3)).join(", ");
    console.log(
      `| ${trick.id} | ${trick.pkg} | ${measure} | ${median(withTrick[measure] ?? []).toFixed(1)} ${units[measure]} | ${middle.toFixed(3)} [${Math.min(...values).toFixed(3)}–${Math.max(...values).toFixed(3)}] (${perProcess}) | ${effect} | ${loads.map(load).join(", ")} |`,
    );
  }
}
