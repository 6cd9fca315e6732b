// The bundle table of the schema bench.
import { bundleEntries, measureBundle } from "./measure-bundle.js";

/** @typedef {import("../harness/table.js").Table} Table */

/** @param {{ log: (line: string) => void }} io */
export async function measureBundles(io) {
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
