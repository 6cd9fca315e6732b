// One call through the pipeline of SPEC §3.1: steps 1–5 (`prepareToolCall`) and 6–7
// (`executePreparedCall`) as functions that return values, the public single-call entry points,
// and the types they share. The batch (`../batch`) and later the approval, journal and dispatcher
// code build on `prepareToolCall`, `executePreparedCall` and `failPreparedCall`.
export { createErrorResult } from "./error-result";
export { executePreparedCall, runCallPipeline } from "./execute-prepared-call";
export type { ExecuteToolCallOptions } from "./execute-tool-call";
export { executeToolCall } from "./execute-tool-call";
export {
  ABORTED_TEXT,
  BLOCKED_TEXT,
  timeoutText,
  toolNotFoundText,
  truncatedToolCallText,
} from "./executor-texts";
export { failPreparedCall } from "./fail-prepared-call";
export type {
  AfterToolCallContext,
  AfterToolCallHook,
  AfterToolCallResult,
  BeforeToolCallContext,
  BeforeToolCallHook,
  BeforeToolCallResult,
  HookReturn,
  ToolArgumentCoercions,
} from "./hooks";
export { prepareToolCall } from "./prepare-tool-call";
export type { EndedCall, PreparedCall } from "./prepared-call";
export { readToolContent } from "./read-tool-result";
export { runToolCall } from "./run-tool-call";
export type { RunToolCallOptions, ToolUpdateListener } from "./run-tool-call-options";
export { settleCallWithError } from "./settle-call";
export type { ToolCallErrorType } from "./tool-call-error-type";
export { TOOL_CALL_ERROR_TYPES } from "./tool-call-error-type";
export type { ToolCallOutcome } from "./tool-call-outcome";
export type { InternalUpdateListener } from "./tool-run";
export { ToolRun } from "./tool-run";
export type { ToolRunner } from "./tool-runner-seam";
export { ToolRunnerSeam } from "./tool-runner-seam";
