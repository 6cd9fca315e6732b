import { defineSeam, type ToolCall } from "@toolwright/tool-core";
import type { ToolCallOutcome } from "../model/tool-call-outcome";

/** Runs another tool call from inside a running tool, through the same pipeline. */
export interface ToolRunner {
  /**
   * Runs `toolCall` with the current run's tools, hooks, seams and limits, under the calling
   * tool's signal (so its abort and timeout reach the nested call). Emits no events.
   *
   * **Contract:** never rejects for a tool's failure; resolves to the outcome, `isError` included.
   */
  runToolCall(toolCall: ToolCall): Promise<ToolCallOutcome>;
}

/**
 * The seam every run provides: a tool that calls other tools asks for it with
 * `context.use(ToolRunnerSeam)` — nested calls then cannot bypass `beforeToolCall`/`afterToolCall`.
 * A tool does not need to list it in `seams`, and the run needs no implementation for it.
 *
 * @example
 * ```ts
 * const outcome = await context.use(ToolRunnerSeam).runToolCall({
 *   type: "toolCall", id: `${context.toolCallId}/read`, name: "read", arguments: { path },
 * });
 * ```
 */
export const ToolRunnerSeam = defineSeam<ToolRunner>("toolRunner");
