// The declaration helpers on their own: toToolDeclaration of a tool already seen, and
// declarationsEqual of two equal declarations, next to the naive JSON work they replace.
import { measureSync } from "../harness/measure.js";
import { formatDuration } from "../harness/stats.js";

/**
 * @param {Record<string, any>} api
 * @param {any[]} tools
 * @returns {string[][]}
 */
export function measureDeclarations(api, tools) {
  const { toToolDeclaration, declarationsEqual } = api;
  const tool = tools.find((candidate) => candidate.name === "tool_7") ?? tools[0];
  const roundTrip = measureSync(
    "json round trip",
    () => JSON.parse(JSON.stringify(tool.parameters)),
    () => [undefined],
  );
  const declare = measureSync(
    "toToolDeclaration",
    () => toToolDeclaration(tool),
    () => [undefined],
  );
  const left = toToolDeclaration(tool);
  const right = toToolDeclaration(tool);
  const equal = measureSync(
    "declarationsEqual",
    () => declarationsEqual(left, right),
    () => [undefined],
  );
  const stringifyBoth = measureSync(
    "stringify both",
    () => JSON.stringify(left) === JSON.stringify(right),
    () => [undefined],
  );
  return [
    [
      "toToolDeclaration(same tool object) — 30-property schema",
      formatDuration(declare),
      `a JSON round trip of its parameters: ${formatDuration(roundTrip)}`,
    ],
    [
      "declarationsEqual(two equal declarations)",
      formatDuration(equal),
      `stringifying both: ${formatDuration(stringifyBoth)}`,
    ],
  ];
}
