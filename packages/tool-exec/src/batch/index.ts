// A batch of calls (SPEC §3.2): parallel or sequential execution over the call pipeline, the
// scheduler of concurrency limits and lock keys, the events, and the assistant-message entry.
export { BatchEvents } from "./batch-events";
export { executeAssistantMessage } from "./execute-assistant-message";
export { executeToolBatch } from "./execute-tool-batch";
export type {
  ExecuteToolBatchOptions,
  ToolBatchMode,
  ToolBatchResultMode,
} from "./execute-tool-batch-options";
export { failTruncatedToolCalls } from "./fail-truncated-tool-calls";
export { readLockKeys } from "./read-lock-keys";
export { resumeToolBatch } from "./resume-tool-batch";
export { runToolBatch } from "./run-tool-batch";
export { shouldTerminateToolBatch } from "./should-terminate-tool-batch";
export { ToolCallScheduler } from "./tool-call-scheduler";
export { ToolEventQueue } from "./tool-event-queue";
export type {
  ToolEventListener,
  ToolExecutionEndEvent,
  ToolExecutionEvent,
  ToolExecutionStartEvent,
  ToolExecutionUpdateEvent,
  ToolResultEvent,
} from "./tool-events";
