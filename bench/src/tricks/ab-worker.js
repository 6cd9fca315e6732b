// One process of a trick's A/B (started by run-tricks.js): loads the `base` bundle and the
// `variant` bundle (the trick taken out) side by side, and takes each measure in interleaved
// rounds, the order of the two sides swapped every round. Prints one JSON line: per measure, the
// figure of each side in each round.
//
//   node --expose-gc ab-worker.js <pkg> <base.mjs> <variant.mjs> <measure,…> <rounds>
import { constants, PerformanceObserver } from "node:perf_hooks";
import { defineTool, ToolRegistry } from "@toolwright/tool-core";
import { defineEchoTool, echoParameters, makeToolCalls, passingHooks } from "../exec/echo-tools.js";
import { measureAsync, measureSync } from "../harness/measure.js";

const [, , pkg, basePath, variantPath, measureList, roundText] = process.argv;
const measures = (measureList ?? "").split(",");
const rounds = Number(roundText ?? "4");
const collectGarbage = /** @type {() => void} */ (globalThis.gc);

/** @type {Record<string, any>} */
const sides = {
  base: await import(/** @type {string} */ (basePath)),
  variant: await import(/** @type {string} */ (variantPath)),
};

/** @type {Record<string, (module: any) => Promise<number>>} */
const measureNames = {};

/** @param {number[]} values */
const geometricMean = (values) =>
  Math.exp(values.reduce((sum, value) => sum + Math.log(value), 0) / values.length);

if (pkg === "schema-coerce") {
  const { schemaCases } = await import("../schema/corpus.js");
  const { oursOptions } = await import("../schema/libraries.js");
  /** @type {Record<string, any[]>} */
  const compiled = {};
  for (const [name, module] of Object.entries(sides)) {
    compiled[name] = schemaCases.map((testCase) =>
      module.compile(structuredClone(testCase.json), oursOptions),
    );
  }
  /**
   * @param {"valid" | "coercible" | "invalid"} kind
   * @param {string} [only] one case's name: that case alone, not the geometric mean of all ten
   */
  const parseOf = (kind, only) => async (/** @type {any} */ module) => {
    const side = module === sides.base ? "base" : "variant";
    const cases = schemaCases.filter((testCase) => only === undefined || testCase.name === only);
    const times = cases.map((testCase) => {
      const index = schemaCases.indexOf(testCase);
      const schema = /** @type {any[]} */ (compiled[side])[index];
      const template = testCase[kind];
      return measureSync(
        `${side}:${testCase.name}:${kind}`,
        (value) => schema.parse(value),
        () => Array.from({ length: 2048 }, () => structuredClone(template)),
        { time: 120, mutates: false },
      );
    });
    return geometricMean(times);
  };
  measureNames["parse-valid"] = parseOf("valid");
  measureNames["parse-coercible"] = parseOf("coercible");
  measureNames["parse-coercible-30"] = parseOf("coercible", "create_issue (30-property MCP)");
  measureNames["parse-coercible-50"] = parseOf("coercible", "edit, 50 edits (array of 50 objects)");
  // Heap per compiled schema, after its first use: 200 fresh copies of each case compiled and
  // used once (the copies exist before the first measurement).
  measureNames["memory-per-schema"] = async (module) => {
    const copies = schemaCases.flatMap((testCase) =>
      Array.from({ length: 200 }, () => ({ json: structuredClone(testCase.json), testCase })),
    );
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    const kept = copies.map(({ json, testCase }) => {
      const schema = module.compile(json, oursOptions);
      schema.parse(structuredClone(testCase.coercible));
      return schema;
    });
    collectGarbage();
    const after = process.memoryUsage().heapUsed;
    if (kept.length !== copies.length) throw new Error("unreachable");
    return (after - before) / copies.length;
  };
  measureNames["parse-invalid"] = parseOf("invalid");
} else {
  const registry = new ToolRegistry([defineEchoTool(defineTool)]);
  const options = { tools: registry, ...passingHooks };

  measureNames["per-call"] = async (module) => {
    /** @type {any[]} */
    let calls = [];
    let offset = 0;
    return measureAsync(
      "per-call",
      async () => {
        for (const call of calls) await module.runToolCall(call, options);
      },
      {
        batch: 64,
        time: 200,
        beforeEach() {
          calls = makeToolCalls(64, offset);
          offset += 64;
        },
      },
    );
  };

  /** @param {number} size @param {number} iterations @param {boolean} gcEach */
  const batchOf = (size, iterations, gcEach) => async (/** @type {any} */ module) => {
    /** @type {any[]} */
    let calls = [];
    collectGarbage();
    return measureAsync(`batch-${size}`, () => module.executeToolBatch(calls, options), {
      batch: size,
      iterations,
      clock: "cpu",
      async beforeEach() {
        calls = makeToolCalls(size);
        if (gcEach) {
          collectGarbage();
          // The collector's background threads finish sweeping before the clock starts: the CPU
          // clock counts every thread of the process.
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      },
    });
  };
  measureNames["batch-1k"] = batchOf(1000, 60, false);
  measureNames["batch-10k"] = batchOf(10_000, 12, false);
  measureNames["batch-1k-gc-each"] = batchOf(1000, 30, true);

  // Young-generation collections (scavenges) per 10,000-call batch.
  measureNames["young-gc-10k"] = async (module) => {
    let scavenges = 0;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const kind = /** @type {any} */ (entry).detail?.kind;
        if (kind === constants.NODE_PERFORMANCE_GC_MINOR) scavenges++;
      }
    });
    collectGarbage();
    observer.observe({ entryTypes: ["gc"] });
    const batches = 8;
    for (let index = 0; index < batches; index++) {
      await module.executeToolBatch(makeToolCalls(10_000), options);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    observer.disconnect();
    return scavenges / batches;
  };

  // Heap held per call while all 10,000 calls of a batch are executing (their tool waits on a
  // gate): what a batch keeps per call in flight.
  measureNames["held-10k"] = async (module) => {
    let started = 0;
    /** @type {() => void} */
    let open = () => {};
    const gate = new Promise((resolve) => {
      open = () => resolve(undefined);
    });
    const gated = new ToolRegistry([
      defineTool({
        name: "echo",
        description: "Echo after the gate opens",
        parameters: echoParameters,
        execute: async (/** @type {{ text: string }} */ params) => {
          started++;
          await gate;
          return { content: [{ type: "text", text: params.text }], details: {} };
        },
      }),
    ]);
    const calls = makeToolCalls(10_000);
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    const running = module.executeToolBatch(calls, { ...options, tools: gated });
    while (started < calls.length) await new Promise((resolve) => setImmediate(resolve));
    // Twice, the smaller: a collection that has not finished its work reads high.
    collectGarbage();
    const first = process.memoryUsage().heapUsed;
    collectGarbage();
    const held = Math.min(first, process.memoryUsage().heapUsed) - before;
    open();
    await running;
    return held / calls.length;
  };
}

/** @type {Record<string, { base: number[], variant: number[] }>} */
const figures = {};
for (const measure of measures) {
  const take = measureNames[measure];
  if (take === undefined) throw new Error(`unknown measure ${measure}`);
  figures[measure] = { base: [], variant: [] };
}
// Round -1 warms both sides up (the JIT, the first compiles) and is not recorded.
for (let round = -1; round < rounds; round++) {
  for (const measure of measures) {
    const take = /** @type {(module: any) => Promise<number>} */ (measureNames[measure]);
    const order = round % 2 === 0 ? ["base", "variant"] : ["variant", "base"];
    for (const side of order) {
      const value = await take(sides[side]);
      if (round >= 0) /** @type {any} */ (figures[measure])[side].push(value);
    }
  }
}
process.stdout.write(`${JSON.stringify(figures)}\n`);
