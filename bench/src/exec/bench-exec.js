// The executor part of `pnpm bench`: what the full pipeline (lookup, coercion + validation, both
// hooks, result message) adds to a bare `await tool.execute()`, one call at a time and in parallel
// batches, for @toolwright/tool-exec and Pi's runToolCall, in the same run.
import { runToolCall as piRunToolCall } from "@earendil-works/pi-agent-core";
import { loadPackage, pickExport } from "../harness/load-package.js";
import { interleave, measureAsync } from "../harness/measure.js";
import { formatDuration, formatRatio, ratioOf, verdict } from "../harness/stats.js";
import { checkExecCorrectness } from "./check-exec-correctness.js";
import { defineEchoTool, echo, makeToolCalls, passingHooks, piEchoTool } from "./echo-tools.js";

/** @typedef {import("../harness/table.js").Table} Table */
/** @typedef {{ type: string, id: string, name: string, arguments: { text: string } }} EchoCall */
/** @typedef {(call: EchoCall) => Promise<unknown>} RunOne */
/** @typedef {(calls: EchoCall[]) => Promise<unknown>} RunBatch */

const callsPerIteration = 64;
const batchSizes = [100, 1000, 10_000];
/** Interleaved rounds per measurement; the fastest round counts (see interleave). */
const rounds = 3;
/** @type {Record<number, number>} */
const samplesPerBatchSize = { 100: 600, 1000: 120, 10000: 30 };
const collectGarbage = /** @type {(() => void) | undefined} */ (globalThis.gc);

/** Pi's options: its hooks also receive the assistant message and the agent context. */
const piOptions = {
  tools: [piEchoTool],
  assistantMessage: /** @type {any} */ ({ role: "assistant", content: [], timestamp: 0 }),
  context: { systemPrompt: "", messages: [], tools: [piEchoTool] },
  ...passingHooks,
};

/**
 * Pi's runToolCall returns an outcome; its agent loop then builds the result message. The bench
 * builds the same message so that both sides include that step.
 * @param {any} outcome
 */
function toPiResultMessage(outcome) {
  return {
    role: "toolResult",
    toolCallId: outcome.toolCall.id,
    toolName: outcome.toolCall.name,
    content: outcome.result.content,
    details: outcome.result.details,
    isError: outcome.isError,
    timestamp: Date.now(),
  };
}

/**
 * @param {{ log: (line: string) => void }} io
 * @returns {Promise<{ tables: Table[], summary: string[][] }>}
 */
export async function runExecBench(io) {
  const core = await loadPackage("@toolwright/tool-core", ["defineTool", "ToolRegistry"]);
  const exec = await loadPackage("@toolwright/tool-exec", []);
  /** @type {Record<string, RunOne | string>} */
  const single = {
    "bare await tool.execute()": (call) => echo(call.arguments),
    "Pi runToolCall": (call) => piRunToolCall(/** @type {any} */ (call), piOptions),
    "Pi runToolCall + result message": async (call) =>
      toPiResultMessage(await piRunToolCall(/** @type {any} */ (call), piOptions)),
  };
  /** @type {Record<string, RunBatch | string>} */
  const batched = {
    "bare Promise.all(execute)": (calls) => Promise.all(calls.map((call) => echo(call.arguments))),
    "Pi Promise.all(runToolCall)": (calls) =>
      Promise.all(calls.map((call) => piRunToolCall(/** @type {any} */ (call), piOptions))),
  };
  if ("missing" in core) {
    for (const name of ["ours runToolCall", "ours executeToolCall"]) single[name] = core.missing;
    for (const name of ["ours executeToolBatch", "ours Promise.all(runToolCall)"]) {
      batched[name] = core.missing;
    }
  } else {
    const registry = new core.module.ToolRegistry([defineEchoTool(core.module.defineTool)]);
    const options = { tools: registry, ...passingHooks };
    const runToolCall = pickExport(exec, "runToolCall");
    const executeToolCall = pickExport(exec, "executeToolCall");
    const executeToolBatch = pickExport(exec, "executeToolBatch");
    single["ours runToolCall"] =
      "value" in runToolCall ? (call) => runToolCall.value(call, options) : runToolCall.missing;
    single["ours executeToolCall"] =
      "value" in executeToolCall
        ? (call) => executeToolCall.value(call, registry, passingHooks)
        : executeToolCall.missing;
    batched["ours executeToolBatch"] =
      "value" in executeToolBatch
        ? (calls) => executeToolBatch.value(calls, options)
        : executeToolBatch.missing;
    batched["ours Promise.all(runToolCall)"] =
      "value" in runToolCall
        ? (calls) => Promise.all(calls.map((call) => runToolCall.value(call, options)))
        : runToolCall.missing;
  }

  const warnings = await checkExecCorrectness(single, batched);

  /** @type {Record<string, () => Promise<number>>} */
  const singleTasks = {};
  for (const [name, run] of Object.entries(single)) {
    if (typeof run === "string") continue;
    /** @type {EchoCall[]} */
    let calls = [];
    let offset = 0;
    singleTasks[name] = () => {
      io.log(`exec: per call · ${name}`);
      return measureAsync(
        name,
        async () => {
          for (const call of calls) await run(call);
        },
        {
          batch: callsPerIteration,
          beforeEach() {
            calls = makeToolCalls(callsPerIteration, offset);
            offset += callsPerIteration;
          },
        },
      );
    };
  }
  /** @type {Record<string, number | undefined>} */
  const perCall = await interleave(singleTasks, rounds);
  const bare = perCall["bare await tool.execute()"];
  const piOverheadPlain = overhead(perCall["Pi runToolCall"], bare);
  const piOverheadMessage = overhead(perCall["Pi runToolCall + result message"], bare);
  /** @type {Record<string, number | undefined>} */
  const piOverheadFor = {
    "ours runToolCall": piOverheadPlain,
    "ours executeToolCall": piOverheadMessage,
  };
  const singleRows = Object.entries(single).map(([name, run]) => {
    if (typeof run === "string") return [name, "n/a", "n/a", "n/a", run];
    const added = overhead(perCall[name], bare);
    const compared = piOverheadFor[name];
    return [
      name,
      formatDuration(perCall[name]),
      name.startsWith("bare") ? "—" : formatDuration(added),
      compared === undefined ? "—" : formatRatio(ratioOf(added, compared)),
      "",
    ];
  });

  /** @type {Record<string, Record<number, number>>} */
  const perBatchCall = {};
  for (const size of batchSizes) {
    /** @type {Record<string, () => Promise<number>>} */
    const batchTasks = {};
    for (const [name, run] of Object.entries(batched)) {
      if (typeof run === "string") continue;
      /** @type {EchoCall[]} */
      let calls = [];
      batchTasks[name] = () => {
        io.log(`exec: batch of ${size} · ${name}`);
        // Each task starts from a collected heap, so it does not pay for the garbage of the task
        // before it; within a task, collections happen when they naturally would.
        collectGarbage?.();
        return measureAsync(`${name}:${size}`, () => run(calls), {
          batch: size,
          iterations: samplesPerBatchSize[size] ?? 20,
          // A sample is a whole batch (0.1–100 ms): on a shared machine the wall clock would count
          // every time slice another process took, which grows with the sample's length.
          clock: "cpu",
          beforeEach() {
            calls = makeToolCalls(size);
          },
        });
      };
    }
    const measured = await interleave(batchTasks, rounds);
    for (const [name, value] of Object.entries(measured)) {
      const row = perBatchCall[name] ?? {};
      row[size] = value;
      perBatchCall[name] = row;
    }
  }
  const piBatch = perBatchCall["Pi Promise.all(runToolCall)"];
  const oursBatch = perBatchCall["ours executeToolBatch"];
  /** @param {Record<number, number> | undefined} row */
  const growth = (row) => (row === undefined ? undefined : ratioOf(row[10_000], row[100]));
  /** @param {Record<number, number> | undefined} row */
  const addedPerCall = (row) =>
    row?.[10_000] === undefined || row[100] === undefined ? undefined : row[10_000] - row[100];
  const batchRows = Object.entries(batched).map(([name, run]) => {
    const row = perBatchCall[name];
    if (typeof run === "string" || row === undefined) {
      return [
        name,
        ...batchSizes.map(() => "n/a"),
        "n/a",
        "n/a",
        "n/a",
        run === undefined ? "" : `${run}`,
      ];
    }
    return [
      name,
      ...batchSizes.map((size) => formatDuration(row[size])),
      formatRatio(ratioOf(row[1000], piBatch?.[1000])),
      formatRatio(growth(row)),
      formatDuration(addedPerCall(row)),
      "",
    ];
  });

  const oursOverhead = overhead(perCall["ours executeToolCall"], bare);
  const oursPlainOverhead = overhead(perCall["ours runToolCall"], bare);
  const batchRatio = ratioOf(oursBatch?.[1000], piBatch?.[1000]);
  const largeBatchRatio = ratioOf(oursBatch?.[10_000], piBatch?.[10_000]);
  const oursGrowth = growth(oursBatch);
  const piGrowth = growth(piBatch);
  const bareGrowth = growth(perBatchCall["bare Promise.all(execute)"]);
  const growthLimit = bareGrowth === undefined ? undefined : bareGrowth * 1.5;
  const summary = [
    [
      "per-call pipeline overhead (executeToolCall vs Pi runToolCall + message)",
      "≤ 0.5× Pi's",
      formatRatio(ratioOf(oursOverhead, piOverheadMessage)),
      verdict(ratioOf(oursOverhead, piOverheadMessage), 0.5),
      `Pi adds ${formatDuration(piOverheadMessage)} over a ${formatDuration(bare)} bare call; ours adds ${formatDuration(oursOverhead)}`,
    ],
    [
      "per-call overhead, outcome only (runToolCall vs runToolCall)",
      "≤ 0.5× Pi's",
      formatRatio(ratioOf(oursPlainOverhead, piOverheadPlain)),
      verdict(ratioOf(oursPlainOverhead, piOverheadPlain), 0.5),
      `Pi adds ${formatDuration(piOverheadPlain)}; ours adds ${formatDuration(oursPlainOverhead)}`,
    ],
    [
      "1,000-call parallel batch (executeToolBatch vs Pi Promise.all(runToolCall))",
      "≤ 0.5× Pi's",
      formatRatio(batchRatio),
      verdict(batchRatio, 0.5),
      `Pi ${formatDuration(piBatch?.[1000])} per call`,
    ],
    [
      "10,000-call parallel batch, time per call",
      "≤ 0.5× Pi's",
      formatRatio(largeBatchRatio),
      verdict(largeBatchRatio, 0.5),
      `ours ${formatDuration(oursBatch?.[10_000])}, Pi ${formatDuration(piBatch?.[10_000])} per call`,
    ],
    [
      "growth of time per call, 100 → 10,000-call batch",
      "≤ 1.5× the bare Promise.all's growth",
      formatRatio(oursGrowth),
      oursGrowth === undefined || growthLimit === undefined
        ? "not measured"
        : verdict(oursGrowth, growthLimit),
      `limit ${formatRatio(growthLimit)} (bare ${formatRatio(bareGrowth)}); Pi ${formatRatio(piGrowth)}; absolute growth per call: ours +${formatDuration(addedPerCall(oursBatch))}, Pi +${formatDuration(addedPerCall(piBatch))}`,
    ],
  ];

  return {
    summary,
    tables: [
      {
        title: "Correctness check before timing",
        header: ["path", "problem"],
        rows:
          warnings.length > 0
            ? warnings
            : [
                [
                  "all paths",
                  "none: every call echoed its text, both hooks ran, results in source order",
                ],
              ],
      },
      {
        title: `one call at a time — echo tool, both hooks present (${callsPerIteration} sequential awaits per sample)`,
        header: ["path", "time per call", "added over bare", "added ÷ Pi's added", "note"],
        rows: singleRows,
        notes: [
          "ours runToolCall is compared with Pi runToolCall (both return an outcome); ours executeToolCall, which also builds the ToolResultMessage, with Pi runToolCall plus the same message built by the bench.",
        ],
      },
      {
        title: "parallel batches — time per call",
        header: [
          "path",
          ...batchSizes.map((size) => `batch of ${size.toLocaleString("en-US")}`),
          "÷ Pi at 1,000",
          "growth 100 → 10,000",
          "added per call 100 → 10,000",
          "note",
        ],
        rows: batchRows,
        notes: [
          "executeToolBatch also emits its events, runs preflight in source order and returns the messages in source order; Pi's row is a bare Promise.all over runToolCall with no events or messages.",
          "Each task starts after a full garbage collection (outside the clock); within it, collections happen as they naturally would, which is why even the bare Promise.all grows with the batch. The target is that ours grows at most 1.5× as much as the bare Promise.all.",
          "Batch samples are timed by this process's CPU time (every thread, the garbage collector's included), not the wall clock: a loaded machine deschedules long samples more often.",
          `Samples per batch size: ${Object.entries(samplesPerBatchSize)
            .map(([size, count]) => `${count} × ${size}`)
            .join(", ")}; ${rounds} interleaved rounds, fastest median kept.`,
        ],
      },
    ],
  };
}

/**
 * @param {number | undefined} pipeline
 * @param {number | undefined} bare
 */
function overhead(pipeline, bare) {
  if (pipeline === undefined || bare === undefined) return undefined;
  return Math.max(pipeline - bare, 0);
}
