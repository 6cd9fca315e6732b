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
  ToolApprovalRequestedEvent,
  ToolApprovalResolvedEvent,
  ToolApprovalVerdict,
  ToolBatchErrorCode,
  ToolBatchErrorOptions,
  ToolBatchOutcome,
  ToolBatchSuspendedEvent,
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
export type { ToolCallGate } from "./batch/create-tool-call-gate";
export { createToolCallGate } from "./batch/create-tool-call-gate";
export { executeAssistantMessage } from "./batch/execute-assistant-message";
export { executeToolBatch } from "./batch/execute-tool-batch";
export type {
  ExecuteToolBatchOptions,
  ToolBatchMode,
  ToolBatchResultMode,
} from "./batch/execute-tool-batch-options";
export { failTruncatedToolCalls } from "./batch/fail-truncated-tool-calls";
export type { RecoverToolBatchOptions } from "./batch/recover-tool-batch";
export { recoverToolBatch } from "./batch/recover-tool-batch";
export { resumeToolBatch } from "./batch/resume-tool-batch";
export { shouldTerminateToolBatch } from "./batch/should-terminate-tool-batch";
export type {
  ToolEventListener,
  ToolExecutionEndEvent,
  ToolExecutionEvent,
  ToolExecutionStartEvent,
  ToolExecutionUpdateEvent,
  ToolResultEvent,
} from "./batch/tool-events";
export type { ExecuteToolCallOptions } from "./call/execute-tool-call";
export { executeToolCall } from "./call/execute-tool-call";
export {
  ABORTED_TEXT,
  BLOCKED_TEXT,
  timeoutText,
  toolNotFoundText,
  truncatedToolCallText,
} from "./call/executor-texts";
export type {
  AfterToolCallContext,
  AfterToolCallHook,
  AfterToolCallResult,
  BeforeToolCallContext,
  BeforeToolCallHook,
  BeforeToolCallResult,
  HookReturn,
  ToolArgumentCoercions,
} from "./call/hooks";
export { runToolCall } from "./call/run-tool-call";
export type { RunToolCallOptions, ToolUpdateListener } from "./call/run-tool-call-options";
export type { ToolCallErrorType } from "./call/tool-call-error-type";
export { TOOL_CALL_ERROR_TYPES } from "./call/tool-call-error-type";
export type { ToolCallOutcome } from "./call/tool-call-outcome";
export type { ToolRunner } from "./call/tool-runner-seam";
export { ToolRunnerSeam } from "./call/tool-runner-seam";
export { describeThrown } from "./describe-thrown";
export type {
  ToolDispatcher,
  ToolDispatchLookup,
  ToolDispatchRequest,
  ToolDispatchResult,
} from "./dispatch/index";
export { toolNotFoundOnWorkerText } from "./dispatch/index";
export type { JournalBatchStatus } from "./journal/check-journal-record-order";
export { checkJournalRecordOrder } from "./journal/check-journal-record-order";
export { createMemoryJournal } from "./journal/create-memory-journal";
export { findPendingApprovals } from "./journal/find-pending-approvals";
export type {
  JournalApprovalPage,
  JournalApprovalQuery,
  JournalPendingApproval,
} from "./journal/journal-approval-listing";
export type {
  JournalBatchPage,
  JournalBatchQuery,
  JournalBatchState,
  JournalBatchSummary,
  JournalCallState,
  JournalCallSummary,
} from "./journal/journal-batch-listing";
export type { JournalListingKind } from "./journal/journal-listing-cursor";
export { encodeJournalCursor } from "./journal/journal-listing-cursor";
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
export { interruptedText, interruptedTimesText } from "./journal/journal-texts";
export { listOpenToolBatches } from "./journal/list-open-tool-batches";
export type { LoadSuspendedToolBatchOptions } from "./journal/load-suspended-tool-batch";
export { loadSuspendedToolBatch } from "./journal/load-suspended-tool-batch";
export type {
  ResolvedJournalApprovalQuery,
  ResolvedJournalBatchQuery,
} from "./journal/read-journal-listing-query";
export {
  DEFAULT_JOURNAL_PAGE_SIZE,
  MAX_JOURNAL_PAGE_SIZE,
  readJournalApprovalQuery,
  readJournalBatchQuery,
} from "./journal/read-journal-listing-query";
export { selectJournalBatchPage } from "./journal/select-journal-batch-page";
export { selectPendingApprovalPage } from "./journal/select-pending-approval-page";
export { submitToolDecision } from "./journal/submit-tool-decision";
export { summarizeJournalBatch } from "./journal/summarize-journal-batch";
export { toPendingApproval } from "./journal/to-pending-approval";
export type { JournalLock, JournalWriteResult, ToolCallJournal } from "./journal/tool-call-journal";
export { validateJournalRecords } from "./journal/validate-journal-records";
export { DEFAULT_MAX_MEDIA_BYTES } from "./output/limit-media";
export type { TruncationOptions } from "./output/truncate-output";
export { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES } from "./output/truncate-output";
