import type { ToolCall, ToolResult } from "@toolwright/tool-core";

/**
 * How one call ended, before it became a transcript message: the call, its final result (after
 * hooks and rendering, before output truncation), whether it failed, and how long `execute` ran.
 */
export interface ToolCallOutcome {
  /** The call as the model wrote it. */
  readonly toolCall: ToolCall;
  /** The final result. Its `structuredContent` and `terminate` are for the program, not the model. */
  readonly result: ToolResult;
  /** `result.isError === true`. */
  readonly isError: boolean;
  /** Milliseconds `execute` ran (an integer, monotonic clock); absent when `execute` never ran. */
  readonly durationMs?: number;
}
