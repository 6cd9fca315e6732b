// The transcript part of `pnpm bench`: declareToolChanges runs before every model request, so its
// no-change call must cost the same on a 10,000-message conversation as on a 100-message one, and
// the tool declarations must be serialised once per tool object, not on every call.
import { loadPackage } from "../harness/load-package.js";
import { measureSync } from "../harness/measure.js";
import { formatDuration, formatRatio, ratioOf, verdict } from "../harness/stats.js";
import { checkInPlaceEdits, listTools, sameDeclarations } from "./check-in-place-edits.js";
import { countSerialisations } from "./count-serialisations.js";
import { measureDeclarations } from "./measure-declarations.js";
import { makeTools, makeTranscript } from "./tool-set.js";

/** @typedef {import("../harness/table.js").Table} Table */

const toolCount = 200;
const lengths = [100, 10_000];
const appendSamples = 300;

/**
 * @param {{ log: (line: string) => void }} io
 * @returns {Promise<{ tables: Table[], summary: string[][] }>}
 */
export async function runTranscriptBench(io) {
  const loaded = await loadPackage("@toolwright/transcript", [
    "declareToolChanges",
    "toToolDeclaration",
    "declarationsEqual",
    "getCurrentTools",
  ]);
  if ("missing" in loaded) {
    io.log(`transcript: ${loaded.missing}; nothing to measure`);
    return {
      summary: [
        [
          "10,000-message no-change call ÷ 100-message one",
          "≤ 2×",
          "n/a",
          "not measured",
          loaded.missing,
        ],
        ["serialisations per no-change call", "0 after the first call", "n/a", "not measured", ""],
      ],
      tables: [],
    };
  }
  const { declareToolChanges, toToolDeclaration, declarationsEqual, getCurrentTools } =
    loaded.module;
  const tools = makeTools(toolCount);
  const changedTools = [...tools, ...makeTools(1, "added")];
  /** @param {any[]} messages @param {any[]} current */
  const replaysTo = (messages, current) =>
    sameDeclarations(
      listTools(getCurrentTools(messages)),
      current.map(toToolDeclaration),
      declarationsEqual,
    );

  /** @type {string[][]} */
  const checks = [];
  /** @type {Record<string, number>} */
  const times = {};
  for (const length of lengths) {
    const messages = makeTranscript(length, tools, toToolDeclaration);
    const pending = [{ role: "user", content: "next request", timestamp: length }];
    const unchanged = { messages, tools };
    const changed = { messages, tools: changedTools };

    const same = declareToolChanges(unchanged, pending);
    checks.push([
      `${length} messages, no change`,
      same === pending ? "ok: the same pending array back" : "WRONG: a new array for no change",
    ]);
    const declared = declareToolChanges(changed, pending);
    checks.push([
      `${length} messages, one tool added`,
      declared !== pending && replaysTo([...messages, ...declared], changedTools)
        ? "ok: the transcript replays to the new tool set"
        : "WRONG: the transcript does not replay to the new tool set",
    ]);

    io.log(`transcript: ${length} messages · no change`);
    times[`same:${length}`] = measureSync(
      `same:${length}`,
      () => declareToolChanges(unchanged, pending),
      () => [undefined],
      { batch: 16 },
    );
    io.log(`transcript: ${length} messages · one tool added`);
    times[`change:${length}`] = measureSync(
      `change:${length}`,
      () => declareToolChanges(changed, pending),
      () => [undefined],
      { batch: 4 },
    );
    // The agent loop's real pattern: one message appended in place before each request.
    io.log(`transcript: ${length} messages · append one message, then no change`);
    const growing = makeTranscript(length, tools, toToolDeclaration);
    const growingContext = { messages: growing, tools };
    declareToolChanges(growingContext, pending);
    times[`append:${length}`] = measureSync(
      `append:${length}`,
      () => declareToolChanges(growingContext, pending),
      () => [undefined],
      {
        batch: 1,
        iterations: appendSamples,
        beforeEach() {
          growing.push({ role: "user", content: "more", timestamp: growing.length });
        },
      },
    );
    checks.push([
      `${length} messages + ${appendSamples} appended, no change`,
      declareToolChanges(growingContext, pending) === pending
        ? "ok: still no change"
        : "WRONG: a change reported after appends",
    ]);
  }
  checks.push(...checkInPlaceEdits(loaded.module, tools, replaysTo));
  const serialisation = countSerialisations(loaded.module);
  io.log("transcript: toToolDeclaration / declarationsEqual");
  const declarationTimes = measureDeclarations(loaded.module, tools);

  const growth = ratioOf(times["same:10000"], times["same:100"]);
  const appendGrowth = ratioOf(times["append:10000"], times["append:100"]);
  const summary = [
    [
      "no-change call, 10,000 ÷ 100 messages (same array)",
      "≤ 2×",
      formatRatio(growth),
      verdict(growth, 2),
      `${formatDuration(times["same:100"])} vs ${formatDuration(times["same:10000"])}`,
    ],
    [
      "no-change call after an append, 10,000 ÷ 100 messages",
      "≤ 2×",
      formatRatio(appendGrowth),
      verdict(appendGrowth, 2),
      `${formatDuration(times["append:100"])} vs ${formatDuration(times["append:10000"])}`,
    ],
    [
      "tool serialisations per no-change call (200 tools)",
      "0 (each tool object serialised once)",
      `${serialisation.stringifyPerCall} JSON.stringify, ${serialisation.parameterReadsPerCall} tool.parameters reads`,
      serialisation.stringifyPerCall === 0 && serialisation.parameterReadsPerCall === 0
        ? "met"
        : "NOT met",
      `first call: ${serialisation.firstCallStringify} JSON.stringify`,
    ],
  ];
  return {
    summary,
    tables: [
      { title: "Correctness check", header: ["case", "result"], rows: checks },
      {
        title: `declareToolChanges, ${toolCount} tools — time per call`,
        header: [
          "transcript",
          "no change (same array)",
          `no change after an append (${appendSamples} samples)`,
          "one tool added",
        ],
        rows: lengths
          .map((length) => [
            `${length.toLocaleString("en-US")} messages`,
            formatDuration(times[`same:${length}`]),
            formatDuration(times[`append:${length}`]),
            formatDuration(times[`change:${length}`]),
          ])
          .concat([
            [
              "10,000 ÷ 100",
              formatRatio(growth),
              formatRatio(appendGrowth),
              formatRatio(ratioOf(times["change:10000"], times["change:100"])),
            ],
          ]),
        notes: [
          "The append column times single calls (one sample per appended message), so timer overhead is part of it.",
          "A real change writes a new system message; the cost of that write is allowed to grow with the tool set, not with the transcript.",
        ],
      },
      {
        title: "declaration helpers — time per call",
        header: ["call", "time", "for scale"],
        rows: declarationTimes,
      },
    ],
  };
}
