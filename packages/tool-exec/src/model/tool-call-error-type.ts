/**
 * Every reason the executor gives for a call that ended as an error, in pipeline order. A new
 * reason (approval, the journal, remote execution) is one more entry here, and one more row in the
 * README's table; the type follows the list.
 */
export const TOOL_CALL_ERROR_TYPES = [
  "aborted",
  "tool_not_found",
  "prepare_arguments_error",
  "invalid_arguments",
  "before_tool_call_error",
  "blocked",
  "seam_not_provided",
  "lock_keys_error",
  "timeout",
  "tool_error",
  "update_listener_error",
  "invalid_result",
  "invalid_output",
  "after_tool_call_error",
  "render_error",
  "event_listener_error",
  "truncated_tool_call",
  "approval_denied",
  "approval_expired",
  "approval_error",
  "journal_error",
  "interrupted",
  "dispatch_failed",
  "invalid_request",
] as const;

/**
 * Why a call ended as an error — data for programs, where the result's text is for the model.
 * Set on every error `ToolCallOutcome` (absent on success) and used as the span's `error.type`.
 *
 * `tool_error` covers a tool that threw or rejected, and a result the tool (or `afterToolCall`)
 * marked `isError: true`. The README lists when each value is given.
 */
export type ToolCallErrorType = (typeof TOOL_CALL_ERROR_TYPES)[number];
