import type { ToolCall } from "@toolwright/tool-core";
import type { ToolBatchOutcome } from "../model/tool-batch-outcome";
import type { ExecuteToolBatchOptions } from "./execute-tool-batch-options";
import { runToolBatch } from "./run-tool-batch";

/**
 * Executes a list of tool calls (those of one assistant message) and returns a
 * `ToolBatchOutcome`: `status: "complete"` with exactly one message and one outcome per call, in
 * source order, whatever happens to each — or `status: "suspended"` when calls await a human
 * decision (resume with `resumeToolBatch`). A batch in which no tool can ask for
 * approval always completes.
 *
 * - **sequential**: each call runs start → pipeline → end → `tool_result` before the next starts
 *   (a batch that can suspend holds its `tool_result` events back until it completes).
 * - **parallel** (default): `tool_execution_start` and preflight (abort, lookup, validation,
 *   `beforeToolCall`, approval) run call by call in source order — a call that ends there gets
 *   its `tool_execution_end` at once; the prepared calls then execute concurrently
 *   (`maxConcurrency`, `lockKeys`), each `tool_execution_end` in completion order; after all
 *   finished, the `tool_result` events and `messages` follow in source order.
 *
 * A call to a tool with `executionMode: "sequential"` makes the whole batch sequential; the
 * result's `mode` says how it ran. Hooks see `assistantMessage: undefined` — use
 * `executeAssistantMessage` to run a message's calls. With `journal`, the batch is durable
 * (`recoverToolBatch`); with `dispatcher`, step 6 runs remotely. Rejects only for invalid options
 * (`maxConcurrency`; `ToolBatchError` `INVALID_ARGUMENT` for `batchId`, `approval`,
 * `maxAttempts`), a journal that refuses or fails, or a failing `tool_result` /
 * `tool_batch_suspended` listener — never for what a tool, a hook or `lockKeys` did or returned.
 */
export function executeToolBatch<TContext = unknown>(
  toolCalls: readonly ToolCall[],
  options: ExecuteToolBatchOptions<TContext>,
): Promise<ToolBatchOutcome> {
  return runToolBatch(toolCalls, options as ExecuteToolBatchOptions<unknown>, undefined);
}
