import type { ToolCall, ToolResult } from "@toolwright/tool-core";
import type { DroppedResultField } from "./suspended-batch";
import type { ToolCallApproval } from "./tool-call-approval";
import type { ToolCallErrorType } from "./tool-call-error-type";

/**
 * How one call ended, before it became a transcript message: the call, its final result (after
 * hooks and rendering, before output truncation), whether it failed and why, and how long
 * `execute` ran.
 */
export interface ToolCallOutcome {
  /** The call as the model wrote it. */
  readonly toolCall: ToolCall;
  /** The final result. Its `structuredContent` and `terminate` are for the program, not the model. */
  readonly result: ToolResult;
  /** `result.isError === true`. */
  readonly isError: boolean;
  /** Why the call is an error; present exactly when `isError` is true. */
  readonly errorType?: ToolCallErrorType | undefined;
  /** Milliseconds `execute` ran (an integer, monotonic clock); absent when `execute` never ran. */
  readonly durationMs?: number | undefined;
  /** How approval resolved the call, when it needed one. */
  readonly approval?: ToolCallApproval | undefined;
  /**
   * The result fields that are `null` because they were not JSON when the result crossed a process
   * boundary — a dispatched call's worker dropped them, or an earlier run stored the
   * outcome. Absent when nothing was dropped.
   */
  readonly dropped?: readonly DroppedResultField[] | undefined;
}
