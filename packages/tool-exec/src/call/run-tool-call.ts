import type { ToolCall } from "@toolwright/tool-core";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import { runCallPipeline } from "./execute-tool";
import type { RunToolCallOptions } from "./run-tool-call-options";
import { ToolRun } from "./tool-run";

/**
 * Runs one call through the full pipeline — abort check, lookup, `prepareArguments`, validation,
 * `beforeToolCall`, `execute` (timed, with its time limit), `afterToolCall`, rendering — and emits
 * nothing. This is what a tool that calls another tool uses (pass the batch's options object, or
 * use `ToolRunnerSeam`), so nested calls cannot bypass the hooks.
 *
 * Never rejects for a tool's failure: an unknown tool, invalid arguments, a block, a throw, a
 * timeout or a result that cannot be read all resolve to an outcome with `isError: true` and an
 * `errorType` that keeps the call's id and name. Rejects (never throws synchronously) only when
 * `tools` is an array the registry refuses — a duplicate name, an invalid definition — since then
 * no call can run.
 */
export function runToolCall<TContext = unknown>(
  toolCall: ToolCall,
  options: RunToolCallOptions<TContext>,
): Promise<ToolCallOutcome> {
  let run: ToolRun;
  try {
    run = new ToolRun(options as RunToolCallOptions<unknown>, options.onUpdate);
  } catch (error) {
    return Promise.reject(error);
  }
  return runCallPipeline(toolCall, run);
}
