/**
 * The batch of SPEC §3.2 and §10 over the pipeline's values: each call is started, prepared
 * (`prepareToolCall`, step 5a), executed (`executePreparedCall`, through the scheduler in a
 * parallel batch) and ended, and its outcome is stored at its source position. Calls that await a
 * human suspend the batch (`finishToolBatch`). Steps that are synchronous stay synchronous (see
 * maybe-async.ts).
 */
import type { AssistantMessage, ToolCall } from "@toolwright/tool-core";
import { findUnstorableToolCall } from "../approval/create-suspended-batch";
import { readApprovalClock } from "../approval/resolve-approval-options";
import { resolveBatchId } from "../approval/resolve-batch-id";
import { mayNeedApproval } from "../call/approve-tool-call";
import type { RunToolCallOptions } from "../call/run-tool-call-options";
import { type InternalUpdateListener, ToolRun } from "../call/tool-run";
import { BatchJournal } from "../journal/batch-journal";
import { resolveMaxAttempts } from "../journal/resolve-max-attempts";
import { ToolBatchError } from "../model/tool-batch-error";
import type { ToolBatchMode } from "../model/tool-batch-mode";
import type { ToolBatchOutcome } from "../model/tool-batch-outcome";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import { BatchEvents } from "./batch-events";
import { BatchProgress } from "./batch-progress";
import type { ExecuteToolBatchOptions } from "./execute-tool-batch-options";
import { finishToolBatch } from "./finish-tool-batch";
import { runParallelCalls } from "./run-parallel-calls";
import { runSequentialCalls } from "./run-sequential-calls";
import { ToolEventQueue } from "./tool-event-queue";

/** `executeToolBatch`, with the assistant message the hooks see (`executeAssistantMessage`). */
export async function runToolBatch(
  toolCalls: readonly ToolCall[],
  options: ExecuteToolBatchOptions<unknown>,
  assistantMessage: AssistantMessage | undefined,
): Promise<ToolBatchOutcome> {
  const batchId = resolveBatchId(options.batchId);
  const maxConcurrency = normalizeConcurrency(options.maxConcurrency);
  const events = createBatchEvents(options);
  const run = createBatchRun(options, events.queue, batchId, assistantMessage);
  const mode: ToolBatchMode =
    options.mode === "sequential" || callsSequentialTool(toolCalls, run)
      ? "sequential"
      : "parallel";
  const canSuspend = mayAskForApproval(toolCalls, run);
  let createdAt: string | undefined;
  if (canSuspend) {
    // Checked before anything runs, so that suspending can never fail after calls executed.
    const unstorable = findUnstorableToolCall(toolCalls);
    if (unstorable !== undefined) {
      throw new ToolBatchError(
        "INVALID_ARGUMENT",
        `Tool call ${unstorable.index} cannot be stored in a suspended batch: ${unstorable.reason}`,
      );
    }
    createdAt = new Date(readApprovalClock(run.approval.now)).toISOString();
  }
  resolveMaxAttempts(options.maxAttempts);
  const journal = await openBatchJournal(options, batchId, "executeToolBatch");
  try {
    await journal?.begin(mode, toolCalls);
    const setup = {
      batchId,
      run,
      events: events.batchEvents,
      mode,
      maxConcurrency,
      streamResults: mode === "sequential" && !canSuspend,
      revision: 0,
      createdAt,
      journal,
    };
    const outcomes = new Array<ToolCallOutcome | undefined>(toolCalls.length);
    const batch = new BatchProgress(setup, toolCalls.slice(), outcomes);
    await runBatchCalls(batch);
    return await finishToolBatch(batch);
  } finally {
    await journal?.release();
  }
}

/** The batch's journal with its lock taken, or `undefined` without the `journal` option. */
export function openBatchJournal(
  options: ExecuteToolBatchOptions<unknown>,
  batchId: string,
  owner: string,
): Promise<BatchJournal | undefined> {
  const { journal } = options;
  if (journal === undefined) return Promise.resolve(undefined);
  return BatchJournal.open(journal, batchId, owner);
}

/** Runs the batch's unsettled calls in its mode. */
export function runBatchCalls(batch: BatchProgress): Promise<void> {
  return batch.mode === "sequential" ? runSequentialCalls(batch) : runParallelCalls(batch);
}

/** The batch's event queue and events, from its options. */
export function createBatchEvents(options: ExecuteToolBatchOptions<unknown>): {
  readonly queue: ToolEventQueue;
  readonly batchEvents: BatchEvents;
} {
  const queue = new ToolEventQueue(options.onEvent);
  return { queue, batchEvents: new BatchEvents(queue, options) };
}

/** The run of a batch: its options resolved once, updates forwarded as events. */
export function createBatchRun(
  options: ExecuteToolBatchOptions<unknown>,
  queue: ToolEventQueue,
  batchId: string,
  assistantMessage: AssistantMessage | undefined,
): ToolRun {
  return new ToolRun(
    options as RunToolCallOptions<unknown>,
    queue.isActive ? createUpdateForwarder(queue) : undefined,
    { assistantMessage, batchId },
  );
}

/** Whether step 5a can ask for a human for any call of this batch (see `mayNeedApproval`). */
function mayAskForApproval(toolCalls: readonly ToolCall[], run: ToolRun): boolean {
  if (run.approval.needsApproval !== undefined) return true;
  // Indexed: see hasUnsettledCall in finish-tool-batch.ts.
  for (let index = 0; index < toolCalls.length; index++) {
    const tool = run.registry.get((toolCalls[index] as ToolCall).name);
    if (tool !== undefined && mayNeedApproval(run, tool)) return true;
  }
  return false;
}

function callsSequentialTool(toolCalls: readonly ToolCall[], run: ToolRun): boolean {
  for (let index = 0; index < toolCalls.length; index++) {
    const tool = run.registry.get((toolCalls[index] as ToolCall).name);
    if (tool?.executionMode === "sequential") return true;
  }
  return false;
}

/** `maxConcurrency` as a number; throws a `RangeError` for anything but an integer ≥ 1. */
export function normalizeConcurrency(value: number | undefined): number {
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
