// Before timing, every executor path must echo each call's text, run both hooks and keep source
// order; a speed figure for a path that gets this wrong would be worthless.
import { hookCalls, makeToolCalls } from "./echo-tools.js";

/** @typedef {{ type: string, id: string, name: string, arguments: { text: string } }} EchoCall */
/** @typedef {(call: EchoCall) => Promise<unknown>} RunOne */
/** @typedef {(calls: EchoCall[]) => Promise<unknown>} RunBatch */

/**
 * Every path must echo each call's text, run both hooks and keep source order.
 * @param {Record<string, RunOne | string>} single
 * @param {Record<string, RunBatch | string>} batched
 * @returns {Promise<string[][]>}
 */
export async function checkExecCorrectness(single, batched) {
  /** @type {string[][]} */
  const warnings = [];
  try {
    for (const [name, run] of Object.entries(single)) {
      if (typeof run === "string") {
        warnings.push([name, `not measured: ${run}`]);
        continue;
      }
      const [call] = makeToolCalls(1);
      hookCalls.before = 0;
      hookCalls.after = 0;
      const text = textOf(await run(/** @type {EchoCall} */ (call)));
      if (text !== call?.arguments.text) warnings.push([name, `returned ${JSON.stringify(text)}`]);
      if (!name.startsWith("bare") && (hookCalls.before !== 1 || hookCalls.after !== 1)) {
        warnings.push([
          name,
          `hooks ran ${hookCalls.before}/${hookCalls.after} times, expected 1/1`,
        ]);
      }
    }
    for (const [name, run] of Object.entries(batched)) {
      if (typeof run === "string") {
        warnings.push([name, `not measured: ${run}`]);
        continue;
      }
      const calls = makeToolCalls(100);
      const result = /** @type {any} */ (await run(calls));
      const items = Array.isArray(result) ? result : result?.messages;
      const texts = Array.isArray(items) ? items.map(textOf) : [];
      const expected = calls.map((call) => call.arguments.text);
      if (JSON.stringify(texts) !== JSON.stringify(expected)) {
        warnings.push([name, "results are missing, wrong or out of source order"]);
      }
    }
  } catch (error) {
    warnings.push([
      "correctness check",
      `threw: ${error instanceof Error ? error.message : String(error)}`,
    ]);
  }
  return warnings;
}

/**
 * The echoed text of an outcome, a result message or a bare result.
 * @param {any} value
 */
function textOf(value) {
  const content = value?.result?.content ?? value?.content;
  return Array.isArray(content) ? content[0]?.text : undefined;
}
