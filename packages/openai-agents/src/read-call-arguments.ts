import {
  parseToolCallArguments,
  safeValidateToolArguments,
  type Tool,
  type ToolCall,
} from "@toolwright/tool-core";

/**
 * The call the Agents SDK hands a function tool, as Toolwright's `ToolCall`: `input` is what the
 * SDK parsed from the model's argument text; a value that is not a JSON object gets the usual
 * arguments error.
 */
export function toToolCall(id: string, name: string, input: unknown): ToolCall {
  const base = { type: "toolCall", id, name } as const;
  if (typeof input === "object" && input !== null && !Array.isArray(input)) {
    return { ...base, arguments: input as Readonly<Record<string, unknown>> };
  }
  return { ...base, ...parseToolCallArguments(JSON.stringify(input) ?? "") };
}

/**
 * The validated params of a call (after `prepareArguments`, lossless repair and validation), or
 * `undefined` when its arguments cannot be used — the pipeline then reports why. Never throws.
 */
export async function readValidParams(tool: Tool, toolCall: ToolCall): Promise<unknown> {
  try {
    let target = toolCall;
    if (tool.prepareArguments !== undefined && toolCall.argumentsError === undefined) {
      const prepared = await tool.prepareArguments(toolCall.arguments);
      target = { ...toolCall, arguments: prepared as ToolCall["arguments"] };
    }
    const result = await safeValidateToolArguments(tool, target);
    return result.ok ? result.params : undefined;
  } catch {
    return undefined;
  }
}
