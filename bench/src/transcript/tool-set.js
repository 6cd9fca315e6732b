// The tool set and transcripts of the transcript bench: 200 tools whose parameters are the
// realistic schemas of the schema bench, and conversations of a given length whose system
// messages declare those tools the way declareToolChanges would have.
import { schemaCases } from "../schema/corpus.js";

/**
 * @param {number} count
 * @param {string} [prefix]
 */
export function makeTools(count, prefix = "tool") {
  return Array.from({ length: count }, (_, index) => {
    const source = schemaCases[index % schemaCases.length];
    return {
      name: `${prefix}_${index}`,
      description: `Tool ${index}: ${source?.description ?? ""}`,
      label: `Tool ${index}`,
      parameters: source?.typebox,
      execute: async () => ({ content: [{ type: "text", text: "ok" }], details: {} }),
    };
  });
}

/**
 * A conversation of `length` messages: a system message declaring all but the last ten tools,
 * user / assistant / tool-result turns, and halfway a system message adding the last ten.
 *
 * @param {number} length
 * @param {any[]} tools
 * @param {(tool: any) => unknown} toToolDeclaration
 * @returns {any[]}
 */
export function makeTranscript(length, tools, toToolDeclaration) {
  const early = tools.slice(0, -10).map(toToolDeclaration);
  const late = tools.slice(-10).map(toToolDeclaration);
  /** @type {any[]} */
  const messages = [
    { role: "system", content: "You are a coding agent.", toolsAdded: early, timestamp: 1 },
  ];
  const middle = Math.floor(length / 2);
  while (messages.length < length) {
    const index = messages.length;
    if (index === middle) {
      messages.push({ role: "system", content: "", toolsAdded: late, timestamp: index });
      continue;
    }
    const turn = index % 3;
    if (turn === 1) {
      messages.push({ role: "user", content: `request ${index}`, timestamp: index });
    } else if (turn === 2) {
      messages.push({
        role: "assistant",
        content: [
          { type: "text", text: "Let me look." },
          { type: "toolCall", id: `call_${index}`, name: "tool_0", arguments: { path: "a.ts" } },
        ],
        timestamp: index,
      });
    } else {
      messages.push({
        role: "toolResult",
        toolCallId: `call_${index - 1}`,
        toolName: "tool_0",
        content: [{ type: "text", text: "file contents" }],
        details: {},
        isError: false,
        timestamp: index,
      });
    }
  }
  return messages;
}
