import type { Tool, ToolCall, ToolResultMessage, ToolUpdate } from "@toolwright/tool-core";
import {
  type ExecuteToolBatchOptions,
  executeToolBatch,
  type ToolCallOutcome,
  type ToolExecutionEvent,
} from "@toolwright/tool-exec";
import { AiSdkAdapterError } from "./ai-sdk-adapter-error";
import type { AiSdkToolOutput, AiSdkToolResultOutput } from "./ai-sdk-tool-output";
import type { AiSdkToolSetRun } from "./ai-sdk-tool-set-run";
import { toAiSdkToolResultOutput } from "./to-ai-sdk-tool-result-output";
import { UpdateQueue } from "./update-queue";

/** What the AI SDK passes to `execute` besides the input. */
export interface AiSdkExecutionOptions {
  readonly toolCallId: string;
  readonly abortSignal?: AbortSignal | undefined;
}

/**
 * A tool's `execute` for the AI SDK: the call runs through Toolwright's whole pipeline (hooks,
 * seams, time limit, output checks, truncation) under the tool set's gate, so calls whose lock keys
 * overlap never run at once. Each `onUpdate` of the tool is yielded as a preliminary output; the
 * last value yielded is the result. An error result is thrown as an `AiSdkAdapterError`, so the AI
 * SDK reports a tool error with Toolwright's text. Approval is the AI SDK's: by the time `execute`
 * runs, the app has approved the call or it needed none.
 */
export async function* executeAiSdkToolCall(
  tool: Tool,
  input: Readonly<Record<string, unknown>>,
  execution: AiSdkExecutionOptions,
  run: AiSdkToolSetRun,
): AsyncGenerator<AiSdkToolOutput, void, undefined> {
  const toolCall: ToolCall = {
    type: "toolCall",
    id: execution.toolCallId,
    name: tool.name,
    arguments: run.rawArguments.get(input) ?? input,
  };
  const approvalFailure = run.approvalFailures.has(toolCall.id)
    ? { thrown: run.approvalFailures.get(toolCall.id) }
    : undefined;
  run.approvalFailures.delete(toolCall.id);
  const updates = new UpdateQueue<AiSdkToolOutput>();
  const options = batchOptions(run, execution.abortSignal, approvalFailure, updates);
  const running = run.gate.run(tool, input, () => executeToolBatch([toolCall], options));
  running.then(
    () => updates.close(),
    () => updates.close(),
  );
  for await (const update of updates) yield update;
  const batch = await running;
  if (batch.status !== "complete") {
    // Unreachable: the pipeline is told that the AI SDK settled approval, so nothing suspends.
    throw new AiSdkAdapterError("TOOL_ERROR", `Tool ${tool.name} was suspended unexpectedly`);
  }
  const message = batch.messages[0] as ToolResultMessage;
  const outcome = batch.outcomes[0] as ToolCallOutcome;
  const output = toResultOutput(message, outcome);
  if (message.isError) {
    const text = toAiSdkToolResultOutput(message.content, true);
    throw new AiSdkAdapterError("TOOL_ERROR", text.type === "error-text" ? text.value : "", {
      result: output,
      errorType: outcome.errorType,
    });
  }
  yield output;
}

function batchOptions(
  run: AiSdkToolSetRun,
  abortSignal: AbortSignal | undefined,
  approvalFailure: { readonly thrown: unknown } | undefined,
  updates: UpdateQueue<AiSdkToolOutput>,
): ExecuteToolBatchOptions<unknown> {
  const { options } = run;
  const signals = [abortSignal, options.signal].filter(
    (signal): signal is AbortSignal => signal !== undefined,
  );
  const onEvent = options.onEvent;
  return {
    tools: run.registry,
    beforeToolCall: options.beforeToolCall,
    afterToolCall: options.afterToolCall,
    seams: options.seams,
    timeoutMs: options.timeoutMs,
    timeoutGraceMs: options.timeoutGraceMs,
    truncation: options.truncation,
    context: options.context,
    dispatcher: options.dispatcher,
    signal: signals.length <= 1 ? signals[0] : AbortSignal.any(signals),
    // The AI SDK has settled approval before `execute`: a call whose check threw fails closed
    // with the executor's own text; every other call runs without asking again.
    approval: {
      needsApproval:
        approvalFailure === undefined
          ? () => false
          : () => {
              throw approvalFailure.thrown;
            },
    },
    onEvent: (event: ToolExecutionEvent) => {
      if (event.type === "tool_execution_update") updates.push(toUpdateOutput(event.partialResult));
      return onEvent?.(event);
    },
  };
}

function toUpdateOutput(partial: ToolUpdate): AiSdkToolOutput {
  return {
    type: "update",
    content: partial.content ?? [],
    ...(partial.details === undefined ? {} : { details: partial.details }),
    ...(partial.progress === undefined ? {} : { progress: partial.progress }),
    ...(partial.total === undefined ? {} : { total: partial.total }),
    ...(partial.message === undefined ? {} : { message: partial.message }),
  };
}

function toResultOutput(
  message: ToolResultMessage,
  outcome: ToolCallOutcome,
): AiSdkToolResultOutput {
  const { structuredContent } = outcome.result;
  return {
    type: "result",
    content: message.content,
    ...(message.details === undefined ? {} : { details: message.details }),
    ...(structuredContent === undefined ? {} : { structuredContent }),
    ...(message.usage === undefined ? {} : { usage: message.usage }),
    ...(message.durationMs === undefined ? {} : { durationMs: message.durationMs }),
  };
}
