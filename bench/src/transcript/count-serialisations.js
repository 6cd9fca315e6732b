// "Each tool object serialised once" checked directly: JSON.stringify calls and reads of
// tool.parameters are counted during no-change calls on warm tools.
import { makeTools, makeTranscript } from "./tool-set.js";

const toolCount = 200;

/**
 * Counts JSON.stringify calls and reads of tool.parameters during no-change calls on warm tools.
 * @param {Record<string, any>} api
 */
export function countSerialisations(api) {
  const { declareToolChanges, toToolDeclaration } = api;
  let parameterReads = 0;
  const tools = makeTools(toolCount, "counted").map(
    (tool) =>
      new Proxy(tool, {
        get(target, key, receiver) {
          if (key === "parameters") parameterReads += 1;
          return Reflect.get(target, key, receiver);
        },
      }),
  );
  const messages = makeTranscript(100, tools, toToolDeclaration);
  const pending = [{ role: "user", content: "next", timestamp: 0 }];
  const context = { messages, tools };
  const original = JSON.stringify;
  let stringifyCalls = 0;
  JSON.stringify = /** @type {typeof JSON.stringify} */ (
    (/** @type {any[]} */ ...args) => {
      stringifyCalls += 1;
      return Reflect.apply(original, JSON, args);
    }
  );
  const calls = 10;
  try {
    stringifyCalls = 0;
    declareToolChanges(context, pending);
    const firstCallStringify = stringifyCalls;
    stringifyCalls = 0;
    parameterReads = 0;
    for (let index = 0; index < calls; index++) declareToolChanges(context, pending);
    return {
      firstCallStringify,
      stringifyPerCall: stringifyCalls / calls,
      parameterReadsPerCall: parameterReads / calls,
    };
  } finally {
    JSON.stringify = original;
  }
}
