// The echo tool of the executor bench, defined once for each runtime around one shared body, so
// the three measured paths (bare, Pi, ours) run exactly the same tool code.
import { Type } from "@sinclair/typebox";

export const echoParameters = Type.Object({
  text: Type.String({ description: "Text to echo back" }),
});

/**
 * The tool body: what a bare `await tool.execute()` costs.
 * @param {{ text: string }} params
 * @returns {Promise<{ content: { type: "text", text: string }[], details: {} }>}
 */
export async function echo(params) {
  return { content: [{ type: "text", text: params.text }], details: {} };
}

/** The echo tool in Pi's shape. */
export const piEchoTool = {
  name: "echo",
  label: "Echo",
  description: "Echo the text back",
  parameters: echoParameters,
  /** @param {string} _toolCallId @param {{ text: string }} params */
  execute: (_toolCallId, params) => echo(params),
};

/**
 * The echo tool in Toolwright's shape.
 * @param {(definition: any) => any} defineTool
 */
export function defineEchoTool(defineTool) {
  return defineTool({
    name: "echo",
    description: "Echo the text back",
    parameters: echoParameters,
    /** @param {{ text: string }} params */
    execute: (params) => echo(params),
  });
}

/**
 * Fresh tool calls, as a provider adapter would build them from one assistant message.
 * @param {number} count
 * @param {number} [offset] where the ids start
 */
export function makeToolCalls(count, offset = 0) {
  return Array.from({ length: count }, (_, index) => ({
    type: "toolCall",
    id: `call_${offset + index}`,
    name: "echo",
    arguments: { text: `hello ${index}` },
  }));
}

/** How often the hooks ran, so the correctness check can see that each runtime called both. */
export const hookCalls = { before: 0, after: 0 };

/**
 * Hooks that are present and only count, so that both runtimes pay for calling them.
 * **Contract:** never throw, never block, change nothing in the result.
 */
export const passingHooks = {
  beforeToolCall: async () => {
    hookCalls.before += 1;
    return undefined;
  },
  afterToolCall: async () => {
    hookCalls.after += 1;
    return undefined;
  },
};
