/**
 * The `errorType` values (and tracing `error.type`) of calls that approval ended: denied by a
 * human, expired without a decision, or a `needsApproval`/`decide` that failed. A call aborted while
 * awaiting uses the executor's existing `aborted`. The executor merges these into its
 * `ToolCallErrorType` union.
 */
export const APPROVAL_ERROR_TYPES = [
  "approval_denied",
  "approval_expired",
  "approval_error",
] as const;

/** One of {@link APPROVAL_ERROR_TYPES}. */
export type ApprovalErrorType = (typeof APPROVAL_ERROR_TYPES)[number];
