// The schema part of `pnpm bench`: parse speed on three payload kinds, compile speed, memory per
// compiled schema and bundle size, for schema-coerce and its peers, all in this one process.
import { interleave, measureSync } from "../harness/measure.js";
import {
  formatBytes,
  formatDuration,
  formatRatio,
  geometricMean,
  ratioOf,
  verdict,
} from "../harness/stats.js";
import { checkCorrectness, payloadOf } from "./check-correctness.js";
import { schemaCases } from "./corpus.js";
import { loadLibraries } from "./libraries.js";
import { bundleEntries, measureBundle } from "./measure-bundle.js";
import { measureMemoryPerSchema } from "./measure-memory.js";

/** @typedef {import("../harness/table.js").Table} Table */
/** @typedef {import("./libraries.js").Library} Library */
/** @typedef {import("./libraries.js").PayloadKind} PayloadKind */

const poolSize = 2048;
const memoryCount = 2000;
/** Variants that compile exactly like another column: not measured twice for compile and memory. */
const sharesCompiler = new Set(["ajv-coerce", "typebox-convert", "ours-check"]);
/** Interleaved rounds per payload measurement; the fastest round counts (see interleave). */
const rounds = 2;
const timePerRound = 150;

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
      "parse of a payload needing coercion",
      "≤ 2× Ajv coerceTypes",
      formatRatio(geomeans["coercible:ours"]),
      verdict(geomeans["coercible:ours"], 2),
      `pi-schema ${formatRatio(geomeans["coercible:pi"])}`,
    ],
    [
      "parse of an invalid payload, all issues",
      "≤ 10× Ajv",
      formatRatio(geomeans["invalid:ours"]),
      verdict(geomeans["invalid:ours"], 10),
      `pi-schema ${formatRatio(geomeans["invalid:pi"])}, TypeBox ${formatRatio(geomeans["invalid:typebox"])}`,
    ],
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
      verdict(memoryResult.ours, 10 * 1024),
      `pi-schema ${formatBytes(memoryResult.pi)} (after use ${formatBytes(memoryResult.piUsed)}), Ajv ${formatBytes(memoryResult.ajv)}`,
    ],
    [
      "bundle, minified + gzip",
      "≤ 15 KB",
      bundleResult.ours === undefined ? "n/a" : `${(bundleResult.ours / 1000).toFixed(1)} KB`,
      verdict(bundleResult.ours, 15_000),
      bundleResult.scale,
    ],
  ];
  return { tables, summary };
}

/**
 * @param {Library[]} libraries
 * @param {{ log: (line: string) => void }} io
 */
function measureCompile(libraries, io) {
  // One column per distinct compiler: the coercing Ajv and TypeBox's Convert reuse the others'.
  const compilers = libraries.filter((library) => !sharesCompiler.has(library.id));
  /** @type {Record<string, number[]>} */
  const perLibrary = {};
  /** @type {string[][]} */
  const rows = [];
  for (const testCase of schemaCases) {
    /** @type {Record<string, number | undefined>} */
    const times = {};
    for (const library of compilers) {
      if (library.missing !== undefined) continue;
      io.log(`schema: compile · ${testCase.name} · ${library.label}`);
      let compileOne = library.makeCompiler();
      let compiled = 0;
      times[library.id] = measureSync(
        `compile:${library.id}:${testCase.name}`,
        (copy) => {
          // A fresh library instance now and then keeps Ajv's registry from growing without end.
          if (++compiled % 512 === 0) compileOne = library.makeCompiler();
          return compileOne(copy);
        },
        () => Array.from({ length: 128 }, () => library.copySchema(testCase)),
        { mutates: true, batch: 4 },
      );
      appendTo(perLibrary, library.id, /** @type {number} */ (times[library.id]));
    }
    rows.push([
      testCase.name,
      ...compilers.map((library) => formatDuration(times[library.id])),
      formatRatio(ratioOf(times.ours, times.pi)),
      formatRatio(ratioOf(times.ours, times.ajv)),
    ]);
  }
  /** @param {string} id */
  const mean = (id) => {
    const value = geometricMean(perLibrary[id] ?? []);
    return Number.isFinite(value) ? value : undefined;
  };
  const oursMean = mean("ours");
  const piMean = mean("pi");
  const ajvMean = mean("ajv");
  rows.push([
    "geometric mean",
    ...compilers.map((library) => formatDuration(mean(library.id))),
    formatRatio(ratioOf(oursMean, piMean)),
    formatRatio(ratioOf(oursMean, ajvMean)),
  ]);
  return {
    oursToPi: ratioOf(oursMean, piMean),
    ajvMean,
    /** @type {Table} */
    table: {
      title: "compile of a fresh schema — time per compile",
      header: ["case", ...compilers.map((library) => library.label), "ours ÷ pi", "ours ÷ ajv"],
      rows,
      notes: [
        "Each compile gets a never-compiled deep copy, so no library can answer from a cache.",
        "pi-schema and schema-coerce may defer work (error explanations, coercion rules) to the first call that needs it; cfworker defers everything to validate.",
      ],
    },
  };
}

/**
 * @param {Library[]} libraries
 * @param {{ log: (line: string) => void }} io
 */
function measureMemory(libraries, io) {
  const compilers = libraries.filter((library) => !sharesCompiler.has(library.id));
  /** @type {Record<string, number[]>} */
  const perLibrary = {};
  /** @type {string[][]} */
  const rows = [];
  for (const testCase of schemaCases) {
    /** @type {Record<string, number | undefined>} */
    const bytes = {};
    // The same payload objects for every compiled copy: none of these calls writes into them.
    const payloads = [testCase.valid, testCase.coercible, testCase.invalid];
    for (const library of compilers) {
      if (library.missing !== undefined) continue;
      io.log(`schema: memory · ${testCase.name} · ${library.label}`);
      /** @param {(compiled: unknown) => void} [use] */
      const measure = (use) =>
        measureMemoryPerSchema(
          () => library.copySchema(testCase),
          library.makeCompiler,
          library.memoryCompiles ?? memoryCount,
          use,
        );
      bytes[`${library.id}:compiled`] = measure();
      bytes[`${library.id}:used`] = measure((compiled) => {
        for (const payload of payloads) library.use(compiled, payload);
      });
      appendTo(
        perLibrary,
        `${library.id}:compiled`,
        /** @type {number} */ (bytes[`${library.id}:compiled`]),
      );
      appendTo(
        perLibrary,
        `${library.id}:used`,
        /** @type {number} */ (bytes[`${library.id}:used`]),
      );
    }
    rows.push([
      testCase.name,
      ...compilers.map(
        (library) =>
          `${formatBytes(bytes[`${library.id}:compiled`])} / ${formatBytes(bytes[`${library.id}:used`])}`,
      ),
    ]);
  }
  /** @param {string} key */
  const average = (key) => {
    const values = perLibrary[key] ?? [];
    return values.length === 0
      ? undefined
      : values.reduce((sum, value) => sum + value, 0) / values.length;
  };
  rows.push([
    "mean",
    ...compilers.map(
      (library) =>
        `${formatBytes(average(`${library.id}:compiled`))} / ${formatBytes(average(`${library.id}:used`))}`,
    ),
  ]);
  return {
    ours: average("ours:compiled"),
    oursUsed: average("ours:used"),
    pi: average("pi:compiled"),
    piUsed: average("pi:used"),
    ajv: average("ajv:compiled"),
    /** @type {Table} */
    table: {
      title: `memory per compiled schema — heap growth / ${memoryCount} compiles (Ajv: 250): right after compile / after one call on each payload kind`,
      header: ["case", ...compilers.map((library) => library.label)],
      rows,
      notes: [
        "The second figure runs the valid, coercible and invalid payload once through every compiled copy, so state built lazily on first use (coercion rules, error explainers) is counted.",
      ],
    },
  };
}

/** @param {{ log: (line: string) => void }} io */
async function measureBundles(io) {
  /** @type {string[][]} */
  const rows = [];
  /** @type {number | undefined} */
  let ours;
  /** @type {string[]} */
  const scale = [];
  for (const entry of bundleEntries) {
    io.log(`schema: bundle · ${entry.label}`);
    try {
      const size = await measureBundle(entry.contents);
      rows.push([entry.label, `${size.minified}`, `${size.gzipped}`]);
      if (entry.ours) ours = size.gzipped;
      else if (!entry.label.includes("+") && !entry.label.includes("only"))
        scale.push(`${entry.label.split(" ")[0]} ${(size.gzipped / 1000).toFixed(1)} KB`);
    } catch (error) {
      rows.push([
        entry.label,
        "n/a",
        error instanceof Error ? (error.message.split("\n")[0] ?? "") : "",
      ]);
    }
  }
  return {
    ours,
    scale: scale.slice(0, 2).join(", "),
    /** @type {Table} */
    table: {
      title: "bundle size — esbuild (minify, ESM, browser) then gzip -9, bytes",
      header: ["entry", "minified", "gzipped"],
      rows,
    },
  };
}

/**
 * Adds a number to the list kept under `key`.
 * @param {Record<string, number[]>} lists
 * @param {string} key
 * @param {number} value
 */
function appendTo(lists, key, value) {
  const list = lists[key] ?? [];
  list.push(value);
  lists[key] = list;
}
