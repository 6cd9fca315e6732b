import type { ToolCall, ToolResultMessage } from "@toolwright/tool-core";
import { BatchEvents } from "./batch-events";
import { describeThrown } from "./describe-thrown";
import type { ExecuteToolBatchOptions, ToolBatchResult } from "./execute-tool-batch-options";
import type { RunToolCallOptions } from "./run-tool-call-options";
import { shouldTerminateToolBatch } from "./should-terminate-tool-batch";
import type { ToolCallOutcome } from "./tool-call-outcome";
import { ToolCallRun } from "./tool-call-run";
import { ToolCallScheduler } from "./tool-call-scheduler";
import { ToolEventQueue } from "./tool-event-queue";
import { type InternalUpdateListener, ToolRun } from "./tool-run";

/**
 * Executes the tool calls of one assistant message and returns exactly one message per call, in
 * source order, whatever happens to each.
 *
 * - **sequential**: each call runs start → pipeline → end → `tool_result` before the next starts.
 * - **parallel** (default): `tool_execution_start` and preflight (abort, lookup, validation,
 *   `beforeToolCall`) run call by call in source order — a call that ends there gets its
 *   `tool_execution_end` at once; the prepared calls then execute concurrently (`maxConcurrency`,
 *   `lockKeys`), each `tool_execution_end` in completion order; after all finished, the
 *   `tool_result` events and `messages` follow in source order.
 *
 * A call to a tool with `executionMode: "sequential"` makes the whole batch sequential. Rejects
 * only for invalid options (`maxConcurrency`) or a failing `tool_result` listener — never for a
 * tool's failure.
 */
export async function executeToolBatch<TContext = unknown>(
  toolCalls: readonly ToolCall[],
  options: ExecuteToolBatchOptions<TContext>,
): Promise<ToolBatchResult> {
  const maxConcurrency = normalizeConcurrency(options.maxConcurrency);
  const queue = new ToolEventQueue(options.onEvent);
  const run = new ToolRun(
    options as RunToolCallOptions<unknown>,
    queue.isActive ? createUpdateForwarder(queue) : undefined,
  );
  const events = new BatchEvents(queue, options.truncation);
  const calls = new Array<ToolCallRun>(toolCalls.length);
  for (let index = 0; index < toolCalls.length; index++) {
    calls[index] = new ToolCallRun(toolCalls[index] as ToolCall, run, index);
  }
  const messages: ToolResultMessage[] = [];
  if (options.mode === "sequential" || callsSequentialTool(calls, run)) {
    for (const call of calls) {
      await startAndPrepare(call, events);
      if (call.outcome === undefined) await call.execute();
      await events.end(call);
      await events.result(call, messages);
    }
  } else {
    const scheduler = new ToolCallScheduler<ToolCallRun>(maxConcurrency, executeCall, (call) =>
      events.end(call),
    );
    for (const call of calls) {
      await startAndPrepare(call, events);
      if (call.outcome === undefined) assignLockKeys(call);
      if (call.outcome === undefined) scheduler.add(call);
      else await events.end(call);
    }
    await scheduler.run();
    for (const call of calls) await events.result(call, messages);
  }
  if (events.resultListenerFailure !== undefined) throw events.resultListenerFailure.error;
  const outcomes = calls.map(toOutcome);
  return { messages, outcomes, terminate: shouldTerminateToolBatch(outcomes) };
}

/** Emits the start event, then runs preflight unless the start listener already ended the call. */
async function startAndPrepare(call: ToolCallRun, events: BatchEvents): Promise<void> {
  const starting = events.start(call);
  if (starting !== undefined) await starting;
  if (call.outcome !== undefined) return;
  const prepared = call.prepare();
  if (prepared !== true && prepared !== false) await prepared;
}

function executeCall(call: ToolCallRun): Promise<unknown> {
  return call.execute();
}

function toOutcome(call: ToolCallRun): ToolCallOutcome {
  return call.outcome as ToolCallOutcome;
}

function callsSequentialTool(calls: readonly ToolCallRun[], run: ToolRun): boolean {
  for (const call of calls) {
    if (run.registry.get(call.toolCall.name)?.executionMode === "sequential") return true;
  }
  return false;
}

/** Evaluates the tool's `lockKeys` on the validated params; a throw or a bad value ends the call. */
function assignLockKeys(call: ToolCallRun): void {
  const lockKeys = call.tool?.lockKeys;
  if (lockKeys === undefined) return;
  let keys: unknown;
  try {
    keys = lockKeys(call.args as never);
  } catch (error) {
    call.fail(
      "lock_keys_error",
      `lockKeys of tool ${call.toolCall.name} failed: ${describeThrown(error)}`,
    );
    return;
  }
  if (!Array.isArray(keys) || keys.some((key) => typeof key !== "string")) {
    call.fail(
      "lock_keys_error",
      `lockKeys of tool ${call.toolCall.name} must return an array of strings`,
    );
    return;
  }
  if (keys.length === 0) return;
  call.lockKeys = keys.length === 1 ? keys : [...new Set<string>(keys)];
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
