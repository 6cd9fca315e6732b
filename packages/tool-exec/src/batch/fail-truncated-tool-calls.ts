import type { ToolCall, ToolResultMessage } from "@toolwright/tool-core";
import { truncatedToolCallText } from "../call/executor-texts";
import type { RunToolCallOptions } from "../call/run-tool-call-options";
import type { ToolCallOutcome } from "../call/tool-call-outcome";
import { ToolCallRun } from "../call/tool-call-run";
import { ToolRun } from "../call/tool-run";
import { BatchEvents } from "./batch-events";
import type { ExecuteToolBatchOptions, ToolBatchResult } from "./execute-tool-batch-options";
import { ToolEventQueue } from "./tool-event-queue";

/**
 * For an assistant message cut off by the output token limit: its tool calls' arguments may be
 * truncated, so no tool runs. Each call, in order, still gets its start, end and result — an error
 * result that tells the model to re-issue the call — so every call stays paired. `terminate` is
 * always `false`. Same options and return shape as `executeToolBatch`.
 */
export async function failTruncatedToolCalls<TContext = unknown>(
  toolCalls: readonly ToolCall[],
  options: ExecuteToolBatchOptions<TContext>,
): Promise<ToolBatchResult> {
  const queue = new ToolEventQueue(options.onEvent);
  const run = new ToolRun(options as RunToolCallOptions<unknown>, undefined);
  const events = new BatchEvents(queue, options.truncation);
  const messages: ToolResultMessage[] = [];
  const outcomes: ToolCallOutcome[] = [];
  for (let index = 0; index < toolCalls.length; index++) {
    const call = new ToolCallRun(toolCalls[index] as ToolCall, run);
    const starting = events.start(call);
    if (starting !== undefined) await starting;
    if (call.outcome === undefined) {
      call.fail("truncated_tool_call", truncatedToolCallText(call.toolCall.name));
    }
    const ending = events.end(call);
    if (ending !== undefined) await ending;
    const resulting = events.result(call, messages);
    if (resulting !== undefined) await resulting;
    outcomes.push(call.outcome as ToolCallOutcome);
  }
  if (events.resultListenerFailure !== undefined) throw events.resultListenerFailure.error;
  return { messages, outcomes, terminate: false };
}
