// Two builds of tool-exec side by side in one process: `executeToolBatch` of the bench's echo
// tool with both (asynchronous) hooks, samples alternating between the builds, CPU time per call.
//
//   node --expose-gc src/exec/compare-builds.js <A dist/index.js> <B dist/index.js> [calls] [samples] [--cold]
//
// `--cold` collects all garbage before every sample and waits 10 ms for the collector's threads:
// the batch then starts after a full collection, the case `keepShapeAlive` is for. Prints each
// build's median and fastest sample and B ÷ A of the medians. Not part of `pnpm bench`.
const args = process.argv.slice(2);
const cold = args.includes("--cold");
const [aFile, bFile, callsArg, samplesArg] = args.filter((arg) => arg !== "--cold");
if (aFile === undefined || bFile === undefined) {
  console.error(
    "usage: compare-builds.js <A dist/index.js> <B dist/index.js> [calls] [samples] [--cold]",
  );
  process.exit(2);
}
const size = Number(callsArg ?? 1000);
const samples = Number(samplesArg ?? 60);

/** @param {{ text: string }} params */
const echo = async (params) => ({ content: [{ type: "text", text: params.text }] });
const hooks = { beforeToolCall: async () => undefined, afterToolCall: async () => undefined };
const tool = {
  name: "echo",
  description: "Echo",
  parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  /** @param {any} params */
  execute: (params) => echo(params),
};
const calls = Array.from({ length: size }, (_, index) => ({
  type: "toolCall",
  id: `c${index}`,
  name: "echo",
  arguments: { text: `t${index}` },
}));

/** @param {string} file */
async function batchOf(file) {
  const { executeToolBatch } = await import(file);
  return () => executeToolBatch(calls, { tools: [tool], ...hooks });
}
/** @type {Record<"A" | "B", () => Promise<unknown>>} */
const runs = { A: await batchOf(aFile), B: await batchOf(bFile) };
/** @type {Record<"A" | "B", number[]>} */
const times = { A: [], B: [] };
for (let warm = 0; warm < 3; warm++) {
  await runs.A();
  await runs.B();
}
for (let sample = 0; sample < samples; sample++) {
  /** @type {("A" | "B")[]} */
  const order = sample % 2 === 0 ? ["B", "A"] : ["A", "B"];
  for (const side of order) {
    if (cold) {
      globalThis.gc?.();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const started = process.cpuUsage();
    await runs[side]();
    const used = process.cpuUsage(started);
    times[side].push((used.user + used.system) / size);
  }
}
/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const line = (/** @type {"A" | "B"} */ side) =>
  `${side} median ${median(times[side]).toFixed(3)} µs, fastest ${Math.min(...times[side]).toFixed(3)} µs`;
console.log(
  `${size} calls${cold ? ", cold" : ""}: ${line("A")}; ${line("B")}; B ÷ A ${(median(times.B) / median(times.A)).toFixed(3)}`,
);

export {};
