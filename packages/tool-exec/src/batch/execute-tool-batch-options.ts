import type { RunToolCallOptions } from "../call/run-tool-call-options";
import type { ToolCallJournal } from "../journal/tool-call-journal";
import type { ToolBatchMode } from "../model/tool-batch-mode";
import type { TruncationOptions } from "../output/truncate-output";
import type { ToolEventListener } from "./tool-events";

/** Options of `executeToolBatch` and `failTruncatedToolCalls`. */
export interface ExecuteToolBatchOptions<TContext = unknown>
  extends Omit<RunToolCallOptions<TContext>, "onUpdate"> {
  /**
   * `"parallel"` (default): preflight in source order, then concurrent execution. `"sequential"`:
   * one call after the other. A call to a tool with `executionMode: "sequential"` makes the whole
   * batch sequential.
   */
  readonly mode?: ToolBatchMode | undefined;
  /** At most this many calls execute at once in a parallel batch: an integer ≥ 1. Default: no limit. */
  readonly maxConcurrency?: number | undefined;
  /** Receives the batch's events, awaited one at a time; see {@link ToolEventListener}. */
  readonly onEvent?: ToolEventListener | undefined;
  /** Output truncation of the messages' text; `false` turns it off. SPEC defaults otherwise. */
  readonly truncation?: TruncationOptions | false | undefined;
  /**
   * The largest block, in decoded bytes, that reaches the model by value: an image, audio, a
   * file's `data` or an embedded resource (its `blob`, or its `text` in UTF-8) over it becomes the
   * text `[<type> <mimeType>, <n> bytes, over the <limit>-byte limit]` in the message (the
   * `tool_execution_end` event keeps the block). A number ≥ 0, `Infinity` for no limit; default
   * 20 MiB (20,971,520). Text blocks are bounded by `truncation` instead.
   */
  readonly maxMediaBytes?: number | undefined;
  /**
   * The batch's id: the prefix of every call's `idempotencyKey` (`${batchId}:${toolCallId}`), the
   * name of its suspended state and journal. Must match `^[A-Za-z0-9_.-]{1,128}$` (else the batch
   * rejects with `ToolBatchError` `INVALID_ARGUMENT` before any event). Default
   * `crypto.randomUUID()`.
   */
  readonly batchId?: string | undefined;
  /**
   * Records the batch durably: the batch holds the journal's lock on `batchId` while it
   * runs, writes its calls before the first event, each call's intent right before `execute` and
   * its outcome before its end event, so `recoverToolBatch` can finish it after a crash. A
   * suspended batch releases the lock. Default: no journal.
   */
  readonly journal?: ToolCallJournal | undefined;
  /**
   * How many times recovery runs a `replay: "safe"` call that was interrupted (its `started`
   * records), before it gives up with the "interrupted <N> times" text: an integer ≥ 1, default 3.
   */
  readonly maxAttempts?: number | undefined;
}
