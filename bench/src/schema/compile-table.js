// The compile table of the schema bench: each library compiles never-compiled deep copies of
// each case's schema, so no library can answer from a cache.
import { measureSync } from "../harness/measure.js";
import { appendTo, formatDuration, formatRatio, geometricMean, ratioOf } from "../harness/stats.js";
import { schemaCases } from "./corpus.js";
import { sharesCompiler } from "./libraries.js";

/** @typedef {import("../harness/table.js").Table} Table */
/** @typedef {import("./libraries.js").Library} Library */

/**
 * @param {Library[]} libraries
 * @param {{ log: (line: string) => void }} io
 */
export function measureCompile(libraries, io) {
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
