// The providers part of `pnpm bench`: compiling 200 real tool schemas for all four dialects must
// take under 50 ms, and a request whose 200 tools did not change must cost only lookups (a small
// fraction of compiling them).
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPackage } from "../harness/load-package.js";
import { measureSync } from "../harness/measure.js";
import { formatDuration, formatRatio, ratioOf, verdict } from "../harness/stats.js";

/** @typedef {import("../harness/table.js").Table} Table */

const dialects = ["openai-chat", "openai-responses", "anthropic", "gemini"];
// Gemini compiles almost nothing (Pass 0 only), so the lookups-only ratio is judged on the
// dialects that compile strict schemas; Gemini's figures are in the table for scale.
const strictDialects = ["openai-chat", "openai-responses", "anthropic"];
const toolCount = 200;
const fixtures = resolve(
  dirname(fileURLToPath(import.meta.url)),
  "../../../packages/providers/src/__fixtures__",
);

/** The recorded MCP schemas and the hand-written ones, cycled to 200 fresh, uniquely named tools. */
function makeDeclarations() {
  const read = (/** @type {string} */ name) =>
    JSON.parse(readFileSync(resolve(fixtures, name), "utf8"));
  const recorded = read("mcp-tool-schemas.json").flatMap(
    (/** @type {{ tools: any[] }} */ server) => server.tools,
  );
  const corpus = [...recorded, ...read("hand-written-tool-schemas.json")];
  return Array.from({ length: toolCount }, (_, index) => {
    const tool = corpus[index % corpus.length];
    return {
      name: `${tool.name}.${index}`,
      description: tool.description,
      parameters: structuredClone(tool.inputSchema),
      constrainedSampling: true,
    };
  });
}

/**
 * @param {{ log: (line: string) => void }} io
 * @returns {Promise<{ tables: Table[], summary: string[][] }>}
 */
export async function runProvidersBench(io) {
  const loaded = await loadPackage("@toolwright/providers", ["toProviderTools"]);
  if ("missing" in loaded) {
    io.log(`providers: ${loaded.missing}; nothing to measure`);
    return {
      summary: [
        [
          "compile 200 real schemas, all four dialects",
          "< 50 ms",
          "n/a",
          "not measured",
          loaded.missing,
        ],
      ],
      tables: [],
    };
  }
  const { toProviderTools } = loaded.module;
  // Gemini takes at most 128 declarations per request: its 200 go out as two requests of 100.
  const compileFor = (/** @type {string} */ dialect, /** @type {any[]} */ declarations) =>
    dialect === "gemini"
      ? [
          toProviderTools(declarations.slice(0, 100), dialect),
          toProviderTools(declarations.slice(100), dialect),
        ]
      : toProviderTools(declarations, dialect);
  const compileAll = (/** @type {any[]} */ declarations) => {
    for (const dialect of dialects) compileFor(dialect, declarations);
    return declarations;
  };
  const freshPool = () => Array.from({ length: 8 }, makeDeclarations);
  io.log("providers: compiling 200 fresh declarations for four dialects");
  const cold = measureSync("cold", compileAll, freshPool, { batch: 1, mutates: true, time: 2_000 });
  /** @type {Record<string, number>} */
  const fresh = {};
  /** @type {Record<string, number>} */
  const warm = {};
  for (const dialect of dialects) {
    fresh[dialect] = measureSync(
      `fresh ${dialect}`,
      (declarations) => compileFor(dialect, declarations),
      freshPool,
      {
        batch: 1,
        mutates: true,
        time: 1_000,
      },
    );
    const same = makeDeclarations();
    compileFor(dialect, same);
    warm[dialect] = measureSync(
      `warm ${dialect}`,
      () => compileFor(dialect, same),
      () => [same],
      {
        batch: 8,
      },
    );
  }
  const warmWorst = Math.max(...dialects.map((dialect) => warm[dialect] ?? 0));
  const warmRatio = Math.max(
    ...strictDialects.map((dialect) => ratioOf(warm[dialect] ?? 0, fresh[dialect] ?? 1) ?? 0),
  );
  return {
    summary: [
      [
        "compile 200 real schemas, all four dialects",
        "< 50 ms",
        formatDuration(cold),
        verdict(cold / 1e6, 50),
        "fresh declaration objects on every call",
      ],
      [
        "200 unchanged tools ÷ compiling them (worst strict dialect)",
        "≤ 0.1× (lookups only)",
        formatRatio(warmRatio),
        verdict(warmRatio, 0.1),
        `slowest warm request ${formatDuration(warmWorst)}, ${formatDuration(warmWorst / toolCount)} per tool`,
      ],
    ],
    tables: [
      {
        title: "toProviderTools, 200 tools — time per call",
        header: ["dialect", "200 new declarations", "the same 200 declarations again", "ratio"],
        rows: dialects.map((dialect) => [
          dialect,
          formatDuration(fresh[dialect] ?? 0),
          formatDuration(warm[dialect] ?? 0),
          formatRatio(ratioOf(warm[dialect] ?? 0, fresh[dialect] ?? 1)),
        ]),
      },
    ],
  };
}
