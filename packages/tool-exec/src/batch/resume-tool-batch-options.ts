import type { ToolApprovalOptions } from "../approval/tool-approval-options";
import type { ExecuteToolBatchOptions } from "./execute-tool-batch-options";

/**
 * Options of `resumeToolBatch`: those of `executeToolBatch` minus `mode` (the state's mode applies)
 * and `batchId` (the state's). Tools, hooks, seams and `context` are supplied again here; approved
 * calls go through steps 1–5 with them.
 */
export interface ResumeToolBatchOptions<TContext = unknown>
  extends Omit<ExecuteToolBatchOptions<TContext>, "mode" | "batchId"> {
  /** `stateSecret` verifies the state; `now` decides which requests expired. */
  readonly approval?: ToolApprovalOptions<TContext> | undefined;
}
