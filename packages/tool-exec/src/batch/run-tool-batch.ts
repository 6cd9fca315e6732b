/**
 * The batch of SPEC §3.2 over the pipeline's values: each call is started, prepared
 * (`prepareToolCall`), executed (`executePreparedCall`, through the scheduler in a parallel batch)
 * and ended, and its outcome is stored at its source position — the only place a call's state is
 * kept. Steps that are synchronous stay synchronous (see maybe-async.ts).
 */
import type { AssistantMessage, ToolCall, ToolResultMessage } from "@toolwright/tool-core";
import { executePreparedCall } from "../call/execute-prepared-call";
import { failPreparedCall } from "../call/fail-prepared-call";
import { prepareToolCall } from "../call/prepare-tool-call";
import type { EndedCall, PreparedCall } from "../call/prepared-call";
import type { RunToolCallOptions } from "../call/run-tool-call-options";
import type { ToolCallOutcome } from "../call/tool-call-outcome";
import { type InternalUpdateListener, ToolRun } from "../call/tool-run";
import type { MaybePromise } from "../maybe-async";
import { BatchEvents } from "./batch-events";
import type { ExecuteToolBatchOptions, ToolBatchResult } from "./execute-tool-batch-options";
import { readLockKeys } from "./read-lock-keys";
import { shouldTerminateToolBatch } from "./should-terminate-tool-batch";
import { ToolCallScheduler } from "./tool-call-scheduler";
import { ToolEventQueue } from "./tool-event-queue";

/** `executeToolBatch`, with the assistant message the hooks see (`executeAssistantMessage`). */
export async function runToolBatch(
  toolCalls: readonly ToolCall[],
  options: ExecuteToolBatchOptions<unknown>,
  assistantMessage: AssistantMessage | undefined,
): Promise<ToolBatchResult> {
  const maxConcurrency = normalizeConcurrency(options.maxConcurrency);
  const queue = new ToolEventQueue(options.onEvent);
  const run = new ToolRun(
    options as RunToolCallOptions<unknown>,
    queue.isActive ? createUpdateForwarder(queue) : undefined,
    options.signal,
    options.tools,
    assistantMessage,
  );
  const events = new BatchEvents(queue, options.truncation);
  const outcomes = new Array<ToolCallOutcome>(toolCalls.length);
  const messages: ToolResultMessage[] = [];
  const mode =
    options.mode === "sequential" || callsSequentialTool(toolCalls, run)
      ? "sequential"
      : "parallel";
  if (mode === "sequential") {
    await runSequentially(toolCalls, run, events, outcomes, messages);
  } else {
    await runInParallel(toolCalls, run, events, outcomes, maxConcurrency);
    for (const outcome of outcomes) {
      const resulting = events.result(outcome, messages);
      if (resulting !== undefined) await resulting;
    }
  }
  if (events.resultListenerFailure !== undefined) throw events.resultListenerFailure.error;
  return { messages, outcomes, terminate: shouldTerminateToolBatch(outcomes), mode };
}

/** Each call runs start → pipeline → end → `tool_result` before the next starts. */
async function runSequentially(
  toolCalls: readonly ToolCall[],
  run: ToolRun,
  events: BatchEvents,
  outcomes: ToolCallOutcome[],
  messages: ToolResultMessage[],
): Promise<void> {
  for (let index = 0; index < toolCalls.length; index++) {
    let call = startAndPrepare(toolCalls[index] as ToolCall, run, events);
    if (call instanceof Promise) call = await call;
    const outcome = call.type === "ended" ? call.outcome : await executePreparedCall(call, run);
    let ended = events.end(outcome);
    if (ended instanceof Promise) ended = await ended;
    outcomes[index] = ended;
    const resulting = events.result(ended, messages);
    if (resulting !== undefined) await resulting;
  }
}

/**
 * Preflight call by call in source order (a call that ends there gets its end event at once),
 * then the prepared calls execute under the scheduler, each end event in completion order.
 */
async function runInParallel(
  toolCalls: readonly ToolCall[],
  run: ToolRun,
  events: BatchEvents,
  outcomes: ToolCallOutcome[],
  maxConcurrency: number,
): Promise<void> {
  const scheduler = new ToolCallScheduler<PreparedCall, ToolCallOutcome>(
    maxConcurrency,
    (prepared) => executePreparedCall(prepared, run),
    (_prepared, index, outcome) => {
      const ended = events.end(outcome);
      if (!(ended instanceof Promise)) {
        outcomes[index] = ended;
        return undefined;
      }
      return ended.then((kept) => {
        outcomes[index] = kept;
      });
    },
  );
  for (let index = 0; index < toolCalls.length; index++) {
    let call = startAndPrepare(toolCalls[index] as ToolCall, run, events);
    if (call instanceof Promise) call = await call;
    let outcome: ToolCallOutcome;
    if (call.type === "ended") {
      outcome = call.outcome;
    } else {
      const keys = readLockKeys(call);
      if (typeof keys !== "string") {
        scheduler.add(call, index, keys);
        continue;
      }
      outcome = failPreparedCall(call, "lock_keys_error", keys);
    }
    let ended = events.end(outcome);
    if (ended instanceof Promise) ended = await ended;
    outcomes[index] = ended;
  }
  await scheduler.run();
}

/**
 * Emits the start event, then runs preflight unless the start listener already ended the call.
 * Synchronous when the listener and the preflight are.
 */
function startAndPrepare(
  toolCall: ToolCall,
  run: ToolRun,
  events: BatchEvents,
): MaybePromise<PreparedCall | EndedCall> {
  const started = events.start(toolCall);
  if (started === undefined) return prepareToolCall(toolCall, run);
  if (started instanceof Promise) {
    return started.then((failure) =>
      failure === undefined ? prepareToolCall(toolCall, run) : toEnded(failure),
    );
  }
  return toEnded(started);
}

function toEnded(outcome: ToolCallOutcome): EndedCall {
  return { type: "ended", outcome };
}

function callsSequentialTool(toolCalls: readonly ToolCall[], run: ToolRun): boolean {
  for (const toolCall of toolCalls) {
    if (run.registry.get(toolCall.name)?.executionMode === "sequential") return true;
  }
  return false;
}

function normalizeConcurrency(value: number | undefined): number {
  if (value === undefined || value === Number.POSITIVE_INFINITY) return Number.POSITIVE_INFINITY;
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`maxConcurrency must be an integer >= 1, got ${String(value)}`);
  }
  return value;
}

function createUpdateForwarder(queue: ToolEventQueue): InternalUpdateListener {
  return (partialResult, toolCall) =>
    queue.emit({
      type: "tool_execution_update",
      toolCallId: toolCall.id,
      toolName: toolCall.name,
      args: toolCall.arguments,
      partialResult,
    });
}
