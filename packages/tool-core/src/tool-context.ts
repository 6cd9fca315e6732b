import type { Seam } from "./seam";
import type { ToolCall } from "./tool-call";
import type { ToolUpdate } from "./tool-result";

/** The second argument of `execute`: what a running tool can know and do besides its params. */
export interface ToolContext<TDetails = unknown> {
  /** The id of the call being executed; its result is paired with it. */
  readonly toolCallId: string;
  /**
   * Aborts when the run is aborted or the tool's time limit passes. Always present. Long tools must
   * listen to it and stop.
   */
  readonly signal: AbortSignal;
  /**
   * Streams a partial result to the UI (`tool_execution_update`).
   *
   * **Contract:** never throws and never blocks the tool; calls after the tool settled are ignored.
   */
  onUpdate(partial: ToolUpdate<TDetails>): void;
  /**
   * The implementation the run provides for `seam`.
   *
   * **Contract:** throws a `ToolError` with code `SEAM_NOT_PROVIDED` naming the seam when the run
   * provides none; the executor turns that into an error result.
   */
  use<T>(seam: Seam<T>): T;
  /** The call being executed, as the model wrote it (arguments before validation). */
  readonly toolCall: ToolCall;
  /**
   * `${batchId}:${toolCallId}`: the same across attempts and processes. Pass it to APIs that accept
   * idempotency keys, so a call that is run again after a crash does not take effect twice.
   */
  readonly idempotencyKey: string;
  /** 1 for the first execution of this call; > 1 only when a `replay: "safe"` call is run again after a crash. */
  readonly attempt: number;
}
