import type { ToolCall, ToolResultMessage } from "@toolwright/tool-core";
import type { ToolBatchSuspendedEvent } from "../approval/approval-events";
import { createErrorResult } from "../call/error-result";
import { settleCallWithError } from "../call/settle-call";
import { describeThrown } from "../describe-thrown";
import { keepShapeAlive } from "../keep-shape-alive";
import type { MaybePromise } from "../maybe-async";
import type { ToolApprovalRequest } from "../model/tool-approval-request";
import type { ToolCallApproval } from "../model/tool-call-approval";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import { createToolResultMessage } from "../output/create-tool-result-message";
import { normalizeMaxMediaBytes } from "../output/limit-media";
import type { TruncationOptions } from "../output/truncate-output";
import { ToolEventQueue } from "./tool-event-queue";
import type {
  ToolExecutionEndEvent,
  ToolExecutionEvent,
  ToolExecutionStartEvent,
} from "./tool-events";

/** What a batch's messages are made with: its `truncation` and `maxMediaBytes` options. */
export interface MessageOutputOptions {
  readonly truncation?: TruncationOptions | false | undefined;
  readonly maxMediaBytes?: number | undefined;
}

const NO_OUTPUT_OPTIONS: MessageOutputOptions = Object.freeze({});

/**
 * The events of a batch and what a failing listener does to the call (see
 * `ToolEventListener`). Each method returns what it decided — the outcome to keep — and writes
 * into nothing but the `messages` array it is given. Shared by every kind of batch.
 */
export class BatchEvents {
  readonly #queue: ToolEventQueue;
  readonly #truncation: TruncationOptions | false | undefined;
  readonly #maxMediaBytes: number;
  /** The first error a `tool_result` listener threw; the batch rejects with it at the end. */
  resultListenerFailure: { readonly error: unknown } | undefined = undefined;
  /** The error a `tool_batch_suspended` listener threw; the batch rejects with it. */
  batchListenerFailure: { readonly error: unknown } | undefined = undefined;

  static {
    // See keep-shape-alive.ts.
    const queue = new ToolEventQueue(undefined);
    keepShapeAlive(() => new BatchEvents(queue, NO_OUTPUT_OPTIONS));
  }

  /** Throws a `RangeError` for a `maxMediaBytes` that is not a number ≥ 0. */
  constructor(queue: ToolEventQueue, output: MessageOutputOptions) {
    this.#queue = queue;
    this.#truncation = output.truncation;
    this.#maxMediaBytes = normalizeMaxMediaBytes(output.maxMediaBytes);
  }

  /**
   * `tool_execution_start`. Returns `undefined` when the call may go on, or its error outcome when
   * the listener failed (the call then ends before its preflight).
   */
  start(
    toolCall: ToolCall,
    resumed = false,
    attempt?: number,
  ): MaybePromise<ToolCallOutcome | undefined> {
    if (!this.#queue.isActive) return undefined;
    const event: {
      -readonly [Key in keyof ToolExecutionStartEvent]: ToolExecutionStartEvent[Key];
    } = {
      type: "tool_execution_start",
      toolCallId: toolCall.id,
      toolName: toolCall.name,
      args: toolCall.arguments,
    };
    if (resumed) event.resumed = true;
    if (attempt !== undefined && attempt > 1) event.attempt = attempt;
    return this.#emitForCall(toolCall, event);
  }

  /**
   * `tool_approval_requested`, right after the call's start event; step 5a's `onRequested`. Throws
   * or rejects with a listener's failure (step 5a then fails the call with its message).
   */
  readonly requested = (request: ToolApprovalRequest): Promise<void> | undefined => {
    const { toolCall } = request;
    return this.#queue.emit({
      type: "tool_approval_requested",
      toolCallId: toolCall.id,
      toolName: toolCall.name,
      args: toolCall.arguments,
      approvalId: request.approvalId,
      ...(request.reason === undefined ? {} : { reason: request.reason }),
      ...(request.details === undefined ? {} : { details: request.details }),
      ...(request.expiresAt === undefined ? {} : { expiresAt: request.expiresAt }),
    });
  };

  /**
   * `tool_approval_resolved`. Returns `undefined` when the call may go on, or its error outcome
   * (carrying `resolution`) when the listener failed.
   */
  resolved(
    toolCall: ToolCall,
    resolution: ToolCallApproval,
  ): MaybePromise<ToolCallOutcome | undefined> {
    if (!this.#queue.isActive) return undefined;
    const settled = this.#emitForCall(toolCall, {
      type: "tool_approval_resolved",
      toolCallId: toolCall.id,
      toolName: toolCall.name,
      ...resolution,
    });
    if (settled === undefined) return undefined;
    const keep = (failure: ToolCallOutcome | undefined) =>
      failure === undefined ? undefined : { ...failure, approval: resolution };
    return settled instanceof Promise ? settled.then(keep) : keep(settled);
  }

  /** `tool_batch_suspended`; a listener's failure is kept in `batchListenerFailure`. */
  suspended(event: ToolBatchSuspendedEvent): MaybePromise<void> {
    let pending: Promise<void> | undefined;
    try {
      pending = this.#queue.emit(event);
    } catch (error) {
      this.batchListenerFailure ??= { error };
      return undefined;
    }
    return pending?.then(undefined, (error: unknown) => {
      this.batchListenerFailure ??= { error };
    });
  }

  /** Emits a per-call event; a listener failure becomes the call's error outcome. */
  #emitForCall(
    toolCall: ToolCall,
    event: ToolExecutionEvent,
  ): MaybePromise<ToolCallOutcome | undefined> {
    let pending: Promise<void> | undefined;
    try {
      pending = this.#queue.emit(event);
    } catch (error) {
      return startFailed(toolCall, error);
    }
    if (pending === undefined) return undefined;
    return pending.then(noFailure, (error: unknown) => startFailed(toolCall, error));
  }

  /**
   * `tool_execution_end` with the untouched result. Returns the outcome to keep: `outcome` itself,
   * or an error outcome with the listener's message (keeping `durationMs`) when it failed.
   */
  end(outcome: ToolCallOutcome): MaybePromise<ToolCallOutcome> {
    if (!this.#queue.isActive) return outcome;
    let pending: Promise<void> | undefined;
    try {
      pending = this.#queue.emit(createEndEvent(outcome));
    } catch (error) {
      return endFailed(outcome, error);
    }
    if (pending === undefined) return outcome;
    return pending.then(
      () => outcome,
      (error: unknown) => endFailed(outcome, error),
    );
  }

  /**
   * Makes the outcome's message, appends it to `messages` and emits `tool_result`. A failing
   * listener is remembered, not fatal: the remaining results still go out.
   */
  result(outcome: ToolCallOutcome, messages: ToolResultMessage[]): MaybePromise<void> {
    const making = createToolResultMessage(outcome, this.#truncation, this.#maxMediaBytes);
    if (making instanceof Promise)
      return making.then((message) => this.#emitResult(message, messages));
    return this.#emitResult(making, messages);
  }

  #emitResult(message: ToolResultMessage, messages: ToolResultMessage[]): MaybePromise<void> {
    messages.push(message);
    if (!this.#queue.isActive) return undefined;
    let pending: Promise<void> | undefined;
    try {
      pending = this.#queue.emit({ type: "tool_result", message });
    } catch (error) {
      this.resultListenerFailure ??= { error };
      return undefined;
    }
    return pending?.then(undefined, (error: unknown) => {
      this.resultListenerFailure ??= { error };
    });
  }
}

function noFailure(): undefined {
  return undefined;
}

function startFailed(toolCall: ToolCall, error: unknown): ToolCallOutcome {
  return settleCallWithError(toolCall, undefined, "event_listener_error", describeThrown(error));
}

/** The call's message becomes the listener's error; `durationMs` stays (the tool did run). */
function endFailed(outcome: ToolCallOutcome, error: unknown): ToolCallOutcome {
  const result = createErrorResult(describeThrown(error));
  const { toolCall, durationMs, approval } = outcome;
  const failed: ToolCallOutcome =
    durationMs === undefined
      ? { toolCall, result, isError: true, errorType: "event_listener_error" }
      : { toolCall, result, isError: true, errorType: "event_listener_error", durationMs };
  return approval === undefined ? failed : { ...failed, approval };
}

function createEndEvent(outcome: ToolCallOutcome): ToolExecutionEndEvent {
  const { toolCall, result, isError, errorType, durationMs } = outcome;
  const event: { -readonly [Key in keyof ToolExecutionEndEvent]: ToolExecutionEndEvent[Key] } = {
    type: "tool_execution_end",
    toolCallId: toolCall.id,
    toolName: toolCall.name,
    result,
    isError,
  };
  if (errorType !== undefined) event.errorType = errorType;
  if (durationMs !== undefined) event.durationMs = durationMs;
  return event;
}
