import type { ToolCallErrorType } from "../model/tool-call-error-type";

/**
 * The `errorType` values (and tracing `error.type`) of calls that approval ended: denied by a
 * human (`approval_denied`), expired without a decision (`approval_expired`), or a
 * `needsApproval`/`decide` that failed (`approval_error`). A call aborted while awaiting uses the
 * executor's existing `aborted`. Part of `ToolCallErrorType`, whose list is the one home of them.
 */
export type ApprovalErrorType = Extract<ToolCallErrorType, `approval_${string}`>;
