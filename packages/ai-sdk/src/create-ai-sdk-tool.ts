import { getParametersJsonSchema, type Tool, type ToolCall } from "@toolwright/tool-core";
import { type Tool as AiSdkTool, type JSONSchema7, jsonSchema } from "ai";
import type { AiSdkToolOutput } from "./ai-sdk-tool-output";
import type { AiSdkToolSetRun } from "./ai-sdk-tool-set-run";
import { executeAiSdkToolCall } from "./execute-ai-sdk-tool-call";
import { readOutputContent } from "./read-output-content";
import { toAiSdkToolResultOutput } from "./to-ai-sdk-tool-result-output";
import { validateAiSdkInput } from "./validate-ai-sdk-input";

/** A Toolwright tool as the AI SDK sees it: input the validated params, output see {@link AiSdkToolOutput}. */
export type ToolwrightAiSdkTool = AiSdkTool<Readonly<Record<string, unknown>>, AiSdkToolOutput>;

const NEVER_ABORTED = new AbortController().signal;

/** One AI SDK tool for one Toolwright tool of a tool set (see `toAiSdkTools`). */
export function createAiSdkTool(tool: Tool, run: AiSdkToolSetRun): ToolwrightAiSdkTool {
  return {
    description: tool.description,
    inputSchema: jsonSchema<Readonly<Record<string, unknown>>>(
      getParametersJsonSchema(tool) as JSONSchema7,
      { validate: (value) => validateAiSdkInput(tool, value, run) },
    ),
    ...(tool.needsApproval === undefined ? {} : { needsApproval: approvalCheck(tool, run) }),
    execute: (input, execution) => executeAiSdkToolCall(tool, input, execution, run),
    toModelOutput: ({ output }) => toAiSdkToolResultOutput(readOutputContent(output), false),
  };
}

/**
 * The AI SDK's tool-level approval check for a tool with `needsApproval`: Toolwright's check on the
 * validated params. A check that throws answers "no approval" here and is remembered, so `execute`
 * ends the call with `needsApproval of tool <name> failed: …` instead of running it (fail closed,
 * and the model reads why).
 */
function approvalCheck(
  tool: Tool,
  run: AiSdkToolSetRun,
):
  | boolean
  | ((
      input: Readonly<Record<string, unknown>>,
      options: { toolCallId: string },
    ) => Promise<boolean>) {
  const needsApproval = tool.needsApproval;
  if (typeof needsApproval !== "function") return needsApproval === true;
  return async (input, { toolCallId }) => {
    const toolCall: ToolCall = {
      type: "toolCall",
      id: toolCallId,
      name: tool.name,
      arguments: run.rawArguments.get(input) ?? input,
    };
    try {
      const answer = await needsApproval(input as never, {
        toolCall,
        context: run.options.context,
        signal: run.options.signal ?? NEVER_ABORTED,
      });
      return Boolean(answer);
    } catch (error) {
      run.approvalFailures.set(toolCallId, error);
      return false;
    }
  };
}
