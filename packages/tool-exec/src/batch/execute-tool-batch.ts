import type { ToolCall, ToolResultMessage } from "@toolwright/tool-core";
import type { RunToolCallOptions } from "../call/run-tool-call-options";
import type { ToolCallOutcome } from "../call/tool-call-outcome";
import { ToolCallRun } from "../call/tool-call-run";
import { type InternalUpdateListener, ToolRun } from "../call/tool-run";
import { describeThrown } from "../describe-thrown";
import { BatchEvents } from "./batch-events";
import type { ExecuteToolBatchOptions, ToolBatchResult } from "./execute-tool-batch-options";
import { shouldTerminateToolBatch } from "./should-terminate-tool-batch";
import { ToolCallScheduler } from "./tool-call-scheduler";
import { ToolEventQueue } from "./tool-event-queue";

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
    calls[index] = new ToolCallRun(toolCalls[index] as ToolCall, run);
  }
  const messages: ToolResultMessage[] = [];
  if (options.mode === "sequential" || callsSequentialTool(calls, run)) {
    for (const call of calls) {
      const preparing = startAndPrepare(call, events);
      if (preparing !== undefined) await preparing;
      if (call.outcome === undefined) await call.execute();
      const ending = events.end(call);
      if (ending !== undefined) await ending;
      const resulting = events.result(call, messages);
      if (resulting !== undefined) await resulting;
    }
  } else {
    const scheduler = new ToolCallScheduler<ToolCallRun>(maxConcurrency, executeCall, (call) =>
      events.end(call),
    );
    for (const call of calls) {
      const preparing = startAndPrepare(call, events);
      if (preparing !== undefined) await preparing;
      if (call.outcome === undefined) assignLockKeys(call);
      if (call.outcome === undefined) {
        scheduler.add(call);
      } else {
        const ending = events.end(call);
        if (ending !== undefined) await ending;
      }
    }
    await scheduler.run();
    for (const call of calls) {
      const resulting = events.result(call, messages);
      if (resulting !== undefined) await resulting;
    }
  }
  if (events.resultListenerFailure !== undefined) throw events.resultListenerFailure.error;
  const outcomes = calls.map(toOutcome);
  return { messages, outcomes, terminate: shouldTerminateToolBatch(outcomes) };
}

/**
 * Emits the start event, then runs preflight unless the start listener already ended the call.
 * Synchronous (no promise, no microtask) when the listener and `beforeToolCall` are: a batch of
 * thousands of calls should not pay a promise per call for nothing.
 */
function startAndPrepare(call: ToolCallRun, events: BatchEvents): Promise<void> | undefined {
  const starting = events.start(call);
  if (starting !== undefined) return starting.then(() => prepareUnlessEnded(call));
  return prepareUnlessEnded(call);
}

function prepareUnlessEnded(call: ToolCallRun): Promise<void> | undefined {
  if (call.outcome !== undefined) return undefined;
  const prepared = call.prepare();
  if (prepared === true || prepared === false) return undefined;
  return prepared.then(ignore);
}

function ignore(): void {}

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
