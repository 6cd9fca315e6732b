import {
  defineTool,
  parseToolCallArguments,
  safeValidateToolArguments,
  type ToolArgumentsResult,
} from "@toolwright/tool-core";
import { InvalidToolInputError, type ToolCallRepairFunction, type ToolSet } from "ai";

type RepairOptions = Parameters<ToolCallRepairFunction<ToolSet>>[0];
type LanguageModelToolCall = RepairOptions["toolCall"];

/**
 * For the `repairToolCall` option of `generateText`/`streamText`: repairs a call whose input failed
 * the AI SDK's own parsing — for tools you kept as AI SDK tools, with a Zod or other schema — by
 * Toolwright's lossless repair against the tool's JSON Schema (`"42"` → 42, `"true"` → true, one
 * value → a one-item array, a JSON string → the object it encodes, an optional `null` → absent),
 * without calling a model. The AI SDK then parses the repaired call with the tool's own schema
 * again, refinements included.
 *
 * Returns `null` — the AI SDK keeps its original error — when nothing lossless can be done: an
 * unknown tool, argument text that is not a JSON object, a schema that does not compile, or
 * arguments that no lossless change makes valid (a value is never invented: `null` for a
 * required number stays an error). Never throws.
 *
 * @example
 * await generateText({ model, prompt, tools: { weather: tool({ inputSchema: z.object(...), execute }) }, repairToolCall });
 */
export async function repairToolCall(
  options: RepairOptions,
): Promise<LanguageModelToolCall | null> {
  const { toolCall, error, inputSchema } = options;
  if (!InvalidToolInputError.isInstance(error)) return null;
  const parsed = parseToolCallArguments(toolCall.input);
  if (parsed.argumentsError !== undefined) return null;
  let result: ToolArgumentsResult<unknown> | Promise<ToolArgumentsResult<unknown>>;
  try {
    const schema = await inputSchema({ toolName: toolCall.toolName });
    const tool = defineTool({
      name: "repair",
      description: `Arguments of ${toolCall.toolName}`,
      parameters: schema as Record<string, unknown>,
      execute: () => ({ content: [] }),
    });
    result = safeValidateToolArguments(tool, {
      type: "toolCall",
      id: toolCall.toolCallId,
      name: toolCall.toolName,
      arguments: parsed.arguments,
    });
    const settled = await result;
    if (!settled.ok || settled.changes.length === 0) return null;
    return { ...toolCall, input: JSON.stringify(settled.params) };
  } catch {
    return null;
  }
}
