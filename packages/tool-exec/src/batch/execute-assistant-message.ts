import type { AssistantMessage, ToolCall } from "@toolwright/tool-core";
import type { ToolBatchOutcome } from "../model/tool-batch-outcome";
import type { ExecuteToolBatchOptions } from "./execute-tool-batch-options";
import { failTruncatedToolCalls } from "./fail-truncated-tool-calls";
import { runToolBatch } from "./run-tool-batch";

/**
 * Runs the tool calls of an assistant message — its `toolCall` parts, in source order — as one
 * batch, and returns one message and one outcome per call in that order. When `stopReason` is
 * `"length"` (the output token limit cut the message off, so arguments may be truncated) no tool
 * runs: every call gets the `truncated_tool_call` error result, as `failTruncatedToolCalls` gives.
 * The result's `mode` says which happened: `"parallel"`, `"sequential"` or `"truncated"`.
 *
 * `beforeToolCall` and `afterToolCall` see the message as `assistantMessage`, and so do the hooks
 * of nested calls. A message without tool calls gives an empty batch (no events).
 *
 * @example
 * ```ts
 * const assistant = await model.complete(transcript);
 * transcript.push(assistant);
 * const { messages, terminate } = await executeAssistantMessage(assistant, { tools, signal });
 * transcript.push(...messages);
 * ```
 */
export function executeAssistantMessage<TContext = unknown>(
  message: AssistantMessage,
  options: ExecuteToolBatchOptions<TContext>,
): Promise<ToolBatchOutcome> {
  const toolCalls: ToolCall[] = [];
  for (const part of message.content) {
    if (part.type === "toolCall") toolCalls.push(part);
  }
  if (message.stopReason === "length") return failTruncatedToolCalls(toolCalls, options);
  return runToolBatch(toolCalls, options as ExecuteToolBatchOptions<unknown>, message);
}
