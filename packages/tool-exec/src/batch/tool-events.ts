import type { ToolResult, ToolResultMessage, ToolUpdate } from "@toolwright/tool-core";
import type {
  ToolApprovalRequestedEvent,
  ToolApprovalResolvedEvent,
  ToolBatchSuspendedEvent,
} from "../approval/approval-events";
import type { ToolCallErrorType } from "../model/tool-call-error-type";

/** A call entered the pipeline. `args` are the arguments as the model wrote them. */
export interface ToolExecutionStartEvent {
  /** Always `"tool_execution_start"`. */
  readonly type: "tool_execution_start";
  /** The call's `ToolCall.id`. */
  readonly toolCallId: string;
  /** The called tool's name. */
  readonly toolName: string;
  /** The arguments as the model wrote them (before coercion and validation). */
  readonly args: Readonly<Record<string, unknown>>;
  /** `true` when the call had a start event in an earlier run of its batch (a resume). */
  readonly resumed?: true | undefined;
  /** The attempt of a call a journal runs again after a crash; absent for the first. */
  readonly attempt?: number | undefined;
}

/** A running tool streamed a partial result through `context.onUpdate`. */
export interface ToolExecutionUpdateEvent {
  /** Always `"tool_execution_update"`. */
  readonly type: "tool_execution_update";
  /** The call's `ToolCall.id`. */
  readonly toolCallId: string;
  /** The called tool's name. */
  readonly toolName: string;
  /** The arguments as the model wrote them. */
  readonly args: Readonly<Record<string, unknown>>;
  /** What the tool passed to `context.onUpdate`. */
  readonly partialResult: ToolUpdate;
}

/**
 * A call finished. In a parallel batch these come in completion order. `result` is the untouched
 * final result (before output truncation, with `structuredContent` and `terminate`).
 */
export interface ToolExecutionEndEvent {
  /** Always `"tool_execution_end"`. */
  readonly type: "tool_execution_end";
  /** The call's `ToolCall.id`. */
  readonly toolCallId: string;
  /** The called tool's name. */
  readonly toolName: string;
  /** The final result, untouched by output truncation. */
  readonly result: ToolResult;
  /** `true` when the call ended as an error; `errorType` says why. */
  readonly isError: boolean;
  /** Why the call is an error; present exactly when `isError` is true. */
  readonly errorType?: ToolCallErrorType | undefined;
  /** Present only when `execute` ran. */
  readonly durationMs?: number | undefined;
}

/** The transcript message of one call. Always in the assistant message's source order. */
export interface ToolResultEvent {
  /** Always `"tool_result"`. */
  readonly type: "tool_result";
  /** The call's transcript message, as it goes into `messages`. */
  readonly message: ToolResultMessage;
}

/** Everything a batch emits, discriminated by `type`. */
export type ToolExecutionEvent =
  | ToolExecutionStartEvent
  | ToolExecutionUpdateEvent
  | ToolExecutionEndEvent
  | ToolResultEvent
  | ToolApprovalRequestedEvent
  | ToolApprovalResolvedEvent
  | ToolBatchSuspendedEvent;

/**
 * Receives a batch's events.
 *
 * **Contract:** awaited — the batch does not emit the next event until the returned promise
 * settles, so events never overlap. Must not mutate the event. May throw or reject: on a
 * `tool_execution_start` or `tool_execution_update` event the call becomes an error result with the
 * thrown message; on `tool_execution_end` the call's message becomes that error result; on
 * `tool_result` the remaining results are still emitted, then the batch rejects with the first
 * such error. On `tool_approval_requested` or `tool_approval_resolved` the call ends as an error
 * result with the thrown message (it never runs); on `tool_batch_suspended` the batch rejects with
 * the error (the state is lost unless a journal holds it).
 */
export type ToolEventListener = (event: ToolExecutionEvent) => void | PromiseLike<void>;
