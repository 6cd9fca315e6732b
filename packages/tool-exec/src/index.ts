// The public API of @toolwright/tool-exec: explicit named exports only. Node-only helpers live in
// `./node` (`@toolwright/tool-exec/node`) so this entry stays browser-safe.
export type {
  ApprovalErrorType,
  ApprovalRequestContext,
  AwaitingSuspendedCall,
  BatchNeedsApproval,
  CompletedToolBatch,
  DeferredSuspendedCall,
  DroppedResultField,
  ResumeToolBatchOptions,
  SerializedOutcome,
  SettledSuspendedCall,
  SuspendedApproval,
  SuspendedBatch,
  SuspendedCall,
  SuspendedToolBatch,
  ToolApprovalDecider,
  ToolApprovalDecision,
  ToolApprovalOptions,
  ToolApprovalRequest,
  ToolApprovalVerdict,
  ToolBatchErrorCode,
  ToolBatchErrorOptions,
  ToolBatchOutcome,
  ToolCallApproval,
} from "./approval/index";
export {
  approvalDeniedText,
  approvalExpiredText,
  approvalFailedText,
  defaultNeedsApproval,
  needsApprovalFailedText,
  nestedApprovalText,
  ToolBatchError,
} from "./approval/index";
export type {
  ToolDispatcher,
  ToolDispatchLookup,
  ToolDispatchRequest,
  ToolDispatchResult,
} from "./dispatch/index";
export { toolNotFoundOnWorkerText } from "./dispatch/index";
export { executeToolBatch } from "./execute-tool-batch";
export type {
  ExecuteToolBatchOptions,
  ToolBatchMode,
  ToolBatchResult,
} from "./execute-tool-batch-options";
export type { ExecuteToolCallOptions } from "./execute-tool-call";
export { executeToolCall } from "./execute-tool-call";
export {
  ABORTED_TEXT,
  BLOCKED_TEXT,
  timeoutText,
  toolNotFoundText,
  truncatedToolCallText,
} from "./executor-texts";
export { failTruncatedToolCalls } from "./fail-truncated-tool-calls";
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
export type { JournalBatchStatus } from "./journal/check-journal-record-order";
export { checkJournalRecordOrder } from "./journal/check-journal-record-order";
export { createMemoryJournal } from "./journal/create-memory-journal";
export type {
  ApprovalRecord,
  BatchRecord,
  CompletedRecord,
  DecisionRecord,
  JournalRecord,
  RevisionRecord,
  SettledRecord,
  SettledRecovery,
  StartedRecord,
} from "./journal/journal-record";
export type { JournalLock, JournalWriteResult, ToolCallJournal } from "./journal/tool-call-journal";
export { validateJournalRecords } from "./journal/validate-journal-records";
export { runToolCall } from "./run-tool-call";
export type { RunToolCallOptions, ToolUpdateListener } from "./run-tool-call-options";
export { shouldTerminateToolBatch } from "./should-terminate-tool-batch";
export type { ToolCallOutcome } from "./tool-call-outcome";
export type {
  ToolEventListener,
  ToolExecutionEndEvent,
  ToolExecutionEvent,
  ToolExecutionStartEvent,
  ToolExecutionUpdateEvent,
  ToolResultEvent,
} from "./tool-events";
export type { ToolRunner } from "./tool-runner-seam";
export { ToolRunnerSeam } from "./tool-runner-seam";
export type { TruncationOptions } from "./truncate-output";
export { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES } from "./truncate-output";
