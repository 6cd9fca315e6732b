// Approval (SPEC §10): the parts that do not depend on the executor's internals — step 5a for one
// call, the JSON state, resume validation, deferral, texts. The batch runner (../batch) wires them in.
export type { ApprovalErrorType } from "./approval-error-types";
export type {
  ToolApprovalRequestedEvent,
  ToolApprovalResolvedEvent,
  ToolBatchSuspendedEvent,
} from "./approval-events";
export {
  approvalDeniedText,
  approvalExpiredText,
  approvalFailedText,
  needsApprovalFailedText,
  nestedApprovalText,
} from "./approval-texts";
export { checkToolApproval } from "./check-tool-approval";
export type { SuspendedBatchInput, SuspendedCallRecord } from "./create-suspended-batch";
export { createSuspendedBatch, findUnstorableToolCall } from "./create-suspended-batch";
export { decideToolApproval } from "./decide-tool-approval";
export { defaultNeedsApproval } from "./default-needs-approval";
export { evaluateToolApproval } from "./evaluate-tool-approval";
export type { DeferralEntry } from "./find-deferred-calls";
export { findDeferredCalls, findSequentialSuspension } from "./find-deferred-calls";
export type {
  JournaledBatchView,
  PlannedCall,
  PlannedDecision,
  PlannedRefusal,
  PlanToolBatchResumeOptions,
  ToolBatchResumePlan,
} from "./plan-tool-batch-resume";
export { planToolBatchResume } from "./plan-tool-batch-resume";
export { readSuspendedBatch } from "./read-suspended-batch";
export { readToolApprovalDecisions } from "./read-tool-approval-decisions";
export type { ResolvedApprovalOptions } from "./resolve-approval-options";
export {
  readApprovalClock,
  resolveApprovalOptions,
  resolveTtl,
} from "./resolve-approval-options";
export { BATCH_ID_PATTERN, resolveBatchId } from "./resolve-batch-id";
export type { ResumeToolBatchOptions } from "./resume-tool-batch-options";
export type { StorableOutcome } from "./serialize-outcome";
export { restoreOutcome, serializeOutcome } from "./serialize-outcome";
export { signSuspendedBatch, verifySuspendedBatch } from "./sign-suspended-batch";
export type {
  AwaitingSuspendedCall,
  DeferredSuspendedCall,
  DroppedResultField,
  SerializedOutcome,
  SettledSuspendedCall,
  SuspendedApproval,
  SuspendedBatch,
  SuspendedCall,
} from "./suspended-batch";
export { SUSPENDED_BATCH_TYPE, SUSPENDED_BATCH_VERSION } from "./suspended-batch";
export { toCanonicalJson } from "./to-canonical-json";
export type { ToolApprovalDecision, ToolApprovalVerdict } from "./tool-approval-decision";
export type {
  ApprovalRequestContext,
  BatchNeedsApproval,
  ToolApprovalDecider,
  ToolApprovalOptions,
} from "./tool-approval-options";
export type { ToolApprovalRequest } from "./tool-approval-request";
export type {
  ToolApprovalCheckResult,
  ToolApprovalFailure,
  ToolApprovalInput,
  ToolApprovalStep,
} from "./tool-approval-step";
export type { ToolBatchErrorCode, ToolBatchErrorOptions } from "./tool-batch-error";
export { ToolBatchError } from "./tool-batch-error";
export type {
  CompletedToolBatch,
  SuspendedToolBatch,
  ToolBatchOutcome,
} from "./tool-batch-outcome";
export type { ToolCallApproval } from "./tool-call-approval";
