// The memory table of the schema bench: heap growth per compiled schema, right after compile and
// after one call on each payload kind.
import { appendTo, formatBytes } from "../harness/stats.js";
import { schemaCases } from "./corpus.js";
import { sharesCompiler } from "./libraries.js";
import { measureMemoryPerSchema } from "./measure-memory.js";

/** @typedef {import("../harness/table.js").Table} Table */
/** @typedef {import("./libraries.js").Library} Library */

const memoryCount = 2000;

/**
 * @param {Library[]} libraries
 * @param {{ log: (line: string) => void }} io
 */
export function measureMemory(libraries, io) {
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
