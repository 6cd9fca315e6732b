// The public API of @toolwright/tool-exec: explicit named exports only. Node-only helpers live in
// `./node` (`@toolwright/tool-exec/node`) so this entry stays browser-safe.

export type { ApprovalErrorType } from "./approval/approval-error-types";
export type {
  ToolApprovalRequestedEvent,
  ToolApprovalResolvedEvent,
  ToolBatchSuspendedEvent,
} from "./approval/approval-events";
export {
  approvalDeniedText,
  approvalExpiredText,
  approvalFailedText,
  needsApprovalFailedText,
  nestedApprovalText,
} from "./approval/approval-texts";
export { defaultNeedsApproval } from "./approval/default-needs-approval";
export type { ToolApprovalDecision, ToolApprovalVerdict } from "./approval/tool-approval-decision";
export type {
  ApprovalRequestContext,
  BatchNeedsApproval,
  ToolApprovalDecider,
  ToolApprovalOptions,
} from "./approval/tool-approval-options";
export type { ToolCallGate } from "./batch/create-tool-call-gate";
export { createToolCallGate } from "./batch/create-tool-call-gate";
export { executeAssistantMessage } from "./batch/execute-assistant-message";
export { executeToolBatch } from "./batch/execute-tool-batch";
export type { ExecuteToolBatchOptions } from "./batch/execute-tool-batch-options";
export { failTruncatedToolCalls } from "./batch/fail-truncated-tool-calls";
export type { RecoverToolBatchOptions } from "./batch/recover-tool-batch";
export { recoverToolBatch } from "./batch/recover-tool-batch";
export { resumeToolBatch } from "./batch/resume-tool-batch";
export type { ResumeToolBatchOptions } from "./batch/resume-tool-batch-options";
export { shouldTerminateToolBatch } from "./batch/should-terminate-tool-batch";
export type {
  ToolEventListener,
  ToolExecutionEndEvent,
  ToolExecutionEvent,
  ToolExecutionStartEvent,
  ToolExecutionUpdateEvent,
  ToolResultEvent,
} from "./batch/tool-events";
export type {
  DispatchedExecution,
  ExecuteDispatchedCallOptions,
} from "./call/execute-dispatched-call";
export { executeDispatchedCall } from "./call/execute-dispatched-call";
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
export type { ToolRunner } from "./call/tool-runner-seam";
export { ToolRunnerSeam } from "./call/tool-runner-seam";
export { describeThrown } from "./describe-thrown";
export type {
  ToolDispatcher,
  ToolDispatchLookup,
  ToolDispatchRequest,
  ToolDispatchResult,
} from "./dispatch/tool-dispatcher";
export { toolNotFoundOnWorkerText } from "./dispatch/tool-not-found-on-worker-text";
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
export type {
  AwaitingSuspendedCall,
  DeferredSuspendedCall,
  DroppedResultField,
  SerializedOutcome,
  SettledSuspendedCall,
  SuspendedApproval,
  SuspendedBatch,
  SuspendedCall,
} from "./model/suspended-batch";
export type { ToolApprovalRequest } from "./model/tool-approval-request";
export type { ToolBatchErrorCode, ToolBatchErrorOptions } from "./model/tool-batch-error";
export { ToolBatchError } from "./model/tool-batch-error";
export type { ToolBatchMode, ToolBatchResultMode } from "./model/tool-batch-mode";
export type {
  CompletedToolBatch,
  SuspendedToolBatch,
  ToolBatchOutcome,
} from "./model/tool-batch-outcome";
export type { ToolCallApproval } from "./model/tool-call-approval";
export type { ToolCallErrorType } from "./model/tool-call-error-type";
export { TOOL_CALL_ERROR_TYPES } from "./model/tool-call-error-type";
export type { ToolCallOutcome } from "./model/tool-call-outcome";
export { DEFAULT_MAX_MEDIA_BYTES } from "./output/limit-media";
export type { TruncationOptions } from "./output/truncate-output";
export { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES } from "./output/truncate-output";
