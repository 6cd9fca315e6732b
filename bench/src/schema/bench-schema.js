// The schema part of `pnpm bench`: parse speed on three payload kinds, compile speed, memory per
// compiled schema and bundle size, for schema-coerce and its peers, all in this one process.
import { loadPackage } from "../harness/load-package.js";
import { interleave, measureSync } from "../harness/measure.js";
import {
  appendTo,
  formatBytes,
  formatDuration,
  formatRatio,
  geometricMean,
  ratioOf,
  verdict,
} from "../harness/stats.js";
import { measureBundles } from "./bundle-table.js";
import { checkCorrectness, payloadOf } from "./check-correctness.js";
import { measureCompile } from "./compile-table.js";
import { schemaCases } from "./corpus.js";
import { loadLibraries } from "./libraries.js";
import { measureMemory } from "./memory-table.js";
import { measureValidateOnly } from "./validate-only.js";

/** @typedef {import("../harness/table.js").Table} Table */
/** @typedef {import("./libraries.js").Library} Library */
/** @typedef {import("./libraries.js").PayloadKind} PayloadKind */

const poolSize = 2048;
/** Interleaved rounds per payload measurement; the fastest round counts (see interleave). */
const rounds = 2;
const timePerRound = 150;
/** The case behind the "arrays of objects" target (its name in corpus.js). */
const arrayCaseName = "edit, 50 edits (array of 50 objects)";

/** @type {Record<PayloadKind, { title: string, baseline: string }>} */
const kindInfo = {
  valid: { title: "parse of a valid payload", baseline: "ajv" },
  coercible: { title: "parse of a payload needing coercion", baseline: "ajv-coerce" },
  invalid: { title: "parse of an invalid payload, all issues collected", baseline: "ajv" },
};

/**
 * @param {{ log: (line: string) => void }} io
 * @returns {Promise<{ tables: Table[], summary: string[][] }>}
 */
export async function runSchemaBench(io) {
  const libraries = await loadLibraries();
  const ours = libraries.find((library) => library.ours);
  if (ours?.missing !== undefined) io.log(`schema: ${ours.missing}; its column is n/a`);
  const usable = libraries.filter((library) => library.missing === undefined);

  io.log("schema: checking every library's verdicts before timing…");
  const correctness = checkCorrectness(schemaCases, usable);
  /** @type {Table[]} */
  const tables = [
    {
      title: "Correctness check before timing (peers that disagree keep their timing)",
      header: ["case", "payload", "library", "problem"],
      rows: correctness.warnings.length > 0 ? correctness.warnings : [["—", "—", "—", "none"]],
      notes: correctness.confirmations,
    },
  ];

  /** @type {Record<string, number | undefined>} */
  const geomeans = {};
  /** Ratios of the array-of-50-objects case, by `kind:library`, for the targets table. */
  /** @type {Record<string, number | undefined>} */
  const arrayRatios = {};
  for (const kind of /** @type {PayloadKind[]} */ (["valid", "coercible", "invalid"])) {
    const participants = libraries.filter((library) => library.kinds.includes(kind));
    const baselineId = kindInfo[kind].baseline;
    const others = participants.filter((library) => library.id !== baselineId);
    /** @type {Record<string, number[]>} */
    const ratios = {};
    /** @type {string[][]} */
    const rows = [];
    for (const testCase of schemaCases) {
      /** @type {Record<string, () => number>} */
      const tasks = {};
      for (const library of participants) {
        if (library.missing !== undefined) continue;
        const key = `${library.id}:${testCase.name}:${kind}`;
        const prepared = library.prepare(testCase);
        const template = payloadOf(kind, testCase);
        tasks[library.id] = () => {
          io.log(`schema: ${kind} · ${testCase.name} · ${library.label}`);
          return measureSync(
            key,
            prepared.call,
            () => Array.from({ length: poolSize }, () => structuredClone(template)),
            { mutates: correctness.mutating.has(key), time: timePerRound },
          );
        };
      }
      /** @type {Record<string, number | undefined>} */
      const times = await interleave(tasks, rounds);
      const baseline = times[baselineId];
      /** @param {Library} library */
      const cell = (library) => {
        const flag = correctness.wrong.has(`${library.id}:${testCase.name}:${kind}`) ? " ⚠" : "";
        return `${formatDuration(times[library.id])}${flag}`;
      };
      const row = [testCase.name, ...participants.map(cell)];
      for (const library of others) {
        const ratio = ratioOf(times[library.id], baseline);
        if (ratio !== undefined) appendTo(ratios, library.id, ratio);
        if (testCase.name === arrayCaseName) arrayRatios[`${kind}:${library.id}`] = ratio;
        row.push(formatRatio(ratio));
      }
      rows.push(row);
    }
    const geomeanRow = ["geometric mean of ratios", ...participants.map(() => "")];
    for (const library of others) {
      const mean = geometricMean(ratios[library.id] ?? []);
      geomeans[`${kind}:${library.id}`] = Number.isFinite(mean) ? mean : undefined;
      geomeanRow.push(formatRatio(mean));
    }
    rows.push(geomeanRow);
    const baselineLabel = participants.find((library) => library.id === baselineId)?.label;
    tables.push({
      title: `${kindInfo[kind].title} — time per call, ratio to ${baselineLabel}`,
      header: [
        "case",
        ...participants.map((library) => library.label),
        ...others.map((library) => `${library.id} ÷ ${baselineId}`),
      ],
      rows,
      notes: ["⚠ = this library's answer on this payload failed the correctness check above"],
    });
  }

  const oursPackage = await loadPackage("@toolwright/schema-coerce", ["compile"]);
  const validateOnly =
    "module" in oursPackage
      ? await measureValidateOnly(schemaCases, /** @type {any} */ (oursPackage.module).compile, io)
      : { tables: [], geomeans: {} };
  tables.push(...validateOnly.tables);

  const compileResult = measureCompile(libraries, io);
  tables.push(compileResult.table);
  const memoryResult = measureMemory(libraries, io);
  tables.push(memoryResult.table);
  const bundleResult = await measureBundles(io);
  tables.push(bundleResult.table);

  const summary = [
    [
      "parse of a valid payload",
      "≤ 1.0× Ajv validate",
      formatRatio(geomeans["valid:ours"]),
      verdict(geomeans["valid:ours"], 1),
      `pi-schema ${formatRatio(geomeans["valid:pi"])}`,
    ],
    [
      "parse of a valid array of 50 objects (edit, 50 edits)",
      "≤ 2× Ajv validate",
      formatRatio(arrayRatios["valid:ours"]),
      verdict(arrayRatios["valid:ours"], 2),
      `same case: needing coercion ${formatRatio(arrayRatios["coercible:ours"])} Ajv coerceTypes, invalid ${formatRatio(arrayRatios["invalid:ours"])} Ajv; pi-schema valid ${formatRatio(arrayRatios["valid:pi"])}`,
    ],
    [
      "parse of a payload needing coercion",
      "≤ 4× Ajv coerceTypes",
      formatRatio(geomeans["coercible:ours"]),
      verdict(geomeans["coercible:ours"], 4),
      `pi-schema ${formatRatio(geomeans["coercible:pi"])}`,
    ],
    [
      "parse of an invalid payload, all issues",
      "≤ 8× Ajv",
      formatRatio(geomeans["invalid:ours"]),
      verdict(geomeans["invalid:ours"], 8),
      `pi-schema ${formatRatio(geomeans["invalid:pi"])}, TypeBox ${formatRatio(geomeans["invalid:typebox"])}`,
    ],
    ...validateOnlySummary(validateOnly.geomeans),
    [
      "compile of a fresh schema",
      "≤ 1.0× pi-schema",
      formatRatio(compileResult.oursToPi),
      verdict(compileResult.oursToPi, 1),
      `Ajv ${formatDuration(compileResult.ajvMean)} per schema (geomean)`,
    ],
    [
      "memory per compiled schema",
      "≤ 10 KiB",
      `${formatBytes(memoryResult.ours)} (after use: ${formatBytes(memoryResult.oursUsed)})`,
      memoryVerdict(memoryResult.ours, memoryResult.oursUsed, 10 * 1024),
      `pi-schema ${formatBytes(memoryResult.pi)} (after use ${formatBytes(memoryResult.piUsed)}), Ajv ${formatBytes(memoryResult.ajv)}`,
    ],
    [
      "bundle, minified + gzip",
      "≤ 18 KB",
      bundleResult.ours === undefined ? "n/a" : `${(bundleResult.ours / 1000).toFixed(1)} KB`,
      verdict(bundleResult.ours, 18_000),
      bundleResult.scale,
    ],
  ];
  return { tables, summary };
}

/**
 * Where `check()` stands: beside Ajv's generated code, and ahead of the eval-free validators.
 * Measured, not targets (the code-generation targets were withdrawn: eval-free is the feature).
 * @param {Record<string, number | undefined>} geomeans
 * @returns {string[][]}
 */
function validateOnlySummary(geomeans) {
  /** @param {"valid" | "invalid"} kind */
  const peers = (kind) =>
    ["cfworker", "jsonschema", "zod", "typebox"]
      .map((id) => `${id} ${formatRatio(geomeans[`${kind}:${id}÷ours`])}`)
      .join(", ");
  /** @type {("valid" | "invalid")[]} */
  const kinds = ["valid", "invalid"];
  return kinds.map((kind) => [
    `validate-only (check()), ${kind} payload`,
    "— (measured)",
    `${formatRatio(geomeans[`${kind}:ours÷ajv`])} Ajv (first error), ${formatRatio(geomeans[`${kind}:ours÷ajv-all`])} Ajv allErrors`,
    "—",
    `eval-free peers ÷ check(): ${peers(kind)}`,
  ]);
}

/**
 * The memory verdict names both measurements: state built on first use (coercion rules, error
 * paths) counts for a schema that is used, so "met" right after compile alone is said as such.
 * @param {number | undefined} compiled
 * @param {number | undefined} used
 * @param {number} limit
 */
function memoryVerdict(compiled, used, limit) {
  const afterCompile = verdict(compiled, limit);
  const afterUse = verdict(used, limit);
  if (afterCompile === afterUse) return afterCompile;
  return `${afterCompile} right after compile; ${afterUse} after first use`;
}
