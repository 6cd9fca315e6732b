import type { ToolResultMessage } from "@toolwright/tool-core";
import type { ToolCallOutcome } from "../call/tool-call-outcome";
import type { ToolCallRun } from "../call/tool-call-run";
import { describeThrown } from "../describe-thrown";
import { keepShapeAlive } from "../keep-shape-alive";
import { createToolResultMessage } from "../output/create-tool-result-message";
import type { TruncationOptions } from "../output/truncate-output";
import { ToolEventQueue } from "./tool-event-queue";

/**
 * The three per-call events of a batch and what a failing listener does to the call (see
 * `ToolEventListener`). Shared by `executeToolBatch` and `failTruncatedToolCalls`.
 */
export class BatchEvents {
  readonly #queue: ToolEventQueue;
  readonly #truncation: TruncationOptions | false | undefined;
  /** The first error a `tool_result` listener threw; the batch rejects with it at the end. */
  resultListenerFailure: { readonly error: unknown } | undefined = undefined;

  static {
    // See keep-shape-alive.ts.
    const queue = new ToolEventQueue(undefined);
    keepShapeAlive(() => new BatchEvents(queue, undefined));
  }

  constructor(queue: ToolEventQueue, truncation: TruncationOptions | false | undefined) {
    this.#queue = queue;
    this.#truncation = truncation;
  }

  /** `tool_execution_start`; a failing listener ends the call before its preflight. */
  start(call: ToolCallRun): Promise<void> | undefined {
    if (!this.#queue.isActive) return undefined;
    const { toolCall } = call;
    let pending: Promise<void> | undefined;
    try {
      pending = this.#queue.emit({
        type: "tool_execution_start",
        toolCallId: toolCall.id,
        toolName: toolCall.name,
        args: toolCall.arguments,
      });
    } catch (error) {
      call.fail("event_listener_error", describeThrown(error));
      return undefined;
    }
    return pending?.then(undefined, (error: unknown) => {
      call.fail("event_listener_error", describeThrown(error));
    });
  }

  /** `tool_execution_end` with the untouched result; a failing listener turns the call's message into an error. */
  end(call: ToolCallRun): Promise<void> | undefined {
    if (!this.#queue.isActive) return undefined;
    const outcome = call.outcome as ToolCallOutcome;
    let pending: Promise<void> | undefined;
    try {
      pending = this.#queue.emit(
        outcome.durationMs === undefined
          ? {
              type: "tool_execution_end",
              toolCallId: outcome.toolCall.id,
              toolName: outcome.toolCall.name,
              result: outcome.result,
              isError: outcome.isError,
            }
          : {
              type: "tool_execution_end",
              toolCallId: outcome.toolCall.id,
              toolName: outcome.toolCall.name,
              result: outcome.result,
              isError: outcome.isError,
              durationMs: outcome.durationMs,
            },
      );
    } catch (error) {
      call.replaceWithError(describeThrown(error));
      return undefined;
    }
    return pending?.then(undefined, (error: unknown) => {
      call.replaceWithError(describeThrown(error));
    });
  }

  /**
   * Makes the call's message, appends it to `messages` and emits `tool_result`. A failing listener
   * is remembered, not fatal: the remaining results still go out.
   */
  result(call: ToolCallRun, messages: ToolResultMessage[]): Promise<void> | undefined {
    const making = createToolResultMessage(call.outcome as ToolCallOutcome, this.#truncation);
    if (making instanceof Promise)
      return making.then((message) => this.#emitResult(message, messages));
    return this.#emitResult(making, messages);
  }

  #emitResult(
    message: ToolResultMessage,
    messages: ToolResultMessage[],
  ): Promise<void> | undefined {
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
