import type { ToolModel } from "@toolwright/tool-core";
import type { ExecuteToolBatchOptions } from "@toolwright/tool-exec";

/**
 * Options of `toAgentsTools`: the executor's own options for the pipeline each call runs through
 * (same names, same meaning as `executeToolBatch`'s), and the model the tools are for.
 */
export interface AgentsToolsOptions<TContext = unknown>
  extends Pick<
    ExecuteToolBatchOptions<TContext>,
    | "beforeToolCall"
    | "afterToolCall"
    | "seams"
    | "timeoutMs"
    | "timeoutGraceMs"
    | "truncation"
    | "context"
    | "signal"
    | "onEvent"
    | "dispatcher"
  > {
  /**
   * Keep only the tools whose `isAvailable(model)` allows this model (as
   * `registry.definitions({ model })` does). Default: every tool.
   */
  readonly model?: ToolModel | undefined;
}
