/** How a batch runs its calls. */
export type ToolBatchMode = "parallel" | "sequential";

/**
 * How a batch actually ran: the requested mode, `"sequential"` when a called tool demands it, or
 * `"truncated"` when no call ran because the assistant message was cut off at the token limit.
 */
export type ToolBatchResultMode = ToolBatchMode | "truncated";
