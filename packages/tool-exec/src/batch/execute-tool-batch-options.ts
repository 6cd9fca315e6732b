import type { RunToolCallOptions } from "../call/run-tool-call-options";
import type { TruncationOptions } from "../output/truncate-output";
import type { ToolEventListener } from "./tool-events";

/** How a batch runs its calls. */
export type ToolBatchMode = "parallel" | "sequential";

/**
 * How a batch actually ran: the requested mode, `"sequential"` when a called tool demands it, or
 * `"truncated"` when no call ran because the assistant message was cut off at the token limit.
 */
export type ToolBatchResultMode = ToolBatchMode | "truncated";

/** Options of `executeToolBatch` and `failTruncatedToolCalls`. */
export interface ExecuteToolBatchOptions<TContext = unknown>
  extends Omit<RunToolCallOptions<TContext>, "onUpdate"> {
  /**
   * `"parallel"` (default): preflight in source order, then concurrent execution. `"sequential"`:
   * one call after the other. A call to a tool with `executionMode: "sequential"` makes the whole
   * batch sequential.
   */
  readonly mode?: ToolBatchMode;
  /** At most this many calls execute at once in a parallel batch: an integer ≥ 1. Default: no limit. */
  readonly maxConcurrency?: number;
  /** Receives the batch's events, awaited one at a time; see {@link ToolEventListener}. */
  readonly onEvent?: ToolEventListener;
  /** Output truncation of the messages' text; `false` turns it off. SPEC defaults otherwise. */
  readonly truncation?: TruncationOptions | false;
  /**
   * The batch's id: the prefix of every call's `idempotencyKey` (`${batchId}:${toolCallId}`), the
   * name of its suspended state and journal. Must match `^[A-Za-z0-9_.-]{1,128}$` (else the batch
   * rejects with `ToolBatchError` `INVALID_ARGUMENT` before any event). Default
   * `crypto.randomUUID()`.
   */
  readonly batchId?: string;
}
