/**
 * Step 6 through a `ToolDispatcher`: the prepared call goes to `dispatcher.execute`
 * instead of `tool.execute`, and what comes back is turned into what a local `execute` would have
 * done — a returned value (checked and rendered by the normal finish path), a throw, or one of the
 * dispatcher's own endings (`interrupted`, `tool_not_found`) as a {@link DispatchedFailure}.
 */
import { copyJsonValue, type JsonObject, type Tool } from "@toolwright/tool-core";
import { describeThrown } from "../describe-thrown";
import type { ToolDispatcher, ToolDispatchResult } from "../dispatch/tool-dispatcher";
import { toolNotFoundOnWorkerText } from "../dispatch/tool-not-found-on-worker-text";
import { interruptedText, interruptedTimesText } from "../journal/journal-texts";
import { TOOL_CALL_ERROR_TYPES, type ToolCallErrorType } from "../model/tool-call-error-type";
import type { CallFrame } from "./call-frame";
import { readReplay } from "./read-replay";
import type { RunningToolContext } from "./running-tool-context";

/** A dispatched call that ended without a value or a throw: its text and `errorType`. */
export class DispatchedFailure {
  readonly text: string;
  readonly errorType: ToolCallErrorType;

  constructor(text: string, errorType: ToolCallErrorType) {
    this.text = text;
    this.errorType = errorType;
  }
}

/**
 * Whether `tool`'s calls go to the run's dispatcher: there is one, and its `handles` does not say
 * `false`. Never throws: a `handles` that throws (its Contract forbids it) counts as handling the
 * tool, so the call goes where the application meant tools to run.
 */
export function isDispatched(dispatcher: ToolDispatcher | undefined, tool: Tool): boolean {
  if (dispatcher === undefined) return false;
  try {
    return dispatcher.handles?.(tool) !== false;
  } catch {
    return true;
  }
}

/**
 * Dispatches one call, or uses the frame's `adopted` result — one recovery found with
 * `dispatcher.lookup` — in its place. Resolves to the returned value; rejects with a
 * `DispatchedFailure`: the remote throw (its `errorType` kept when it is one of the executor's),
 * `interrupted`, `tool_not_found`, or `dispatch_failed` for a transport failure (the dispatcher
 * rejected). A `returned` result's `dropped` note goes to the frame before the value resolves, so
 * the outcome can carry it.
 */
export function dispatchToolCall(
  dispatcher: ToolDispatcher,
  frame: CallFrame,
  timeoutMs: number | undefined,
): Promise<unknown> {
  const { run, start, toolCall, tool } = frame;
  if (start.adopted !== undefined) return readDispatchResult(tool, start.adopted, frame);
  const context = frame.context as RunningToolContext;
  const args = copyJsonValue(frame.args);
  if (!args.ok) {
    return Promise.reject(
      new Error(
        `Tool ${toolCall.name} cannot be dispatched: its params are not JSON (${args.failure.reason})`,
      ),
    );
  }
  return dispatcher
    .execute(
      {
        v: 1,
        key: context.idempotencyKey,
        batchId: run.batchId,
        toolCall,
        toolName: tool.name,
        args: args.value as JsonObject,
        replay: readReplay(tool),
        attempt: context.attempt,
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
      },
      { signal: context.signal, onUpdate: context.onUpdate },
    )
    .then((result) => readDispatchResult(tool, result, frame), dispatchFailed);
}

function readDispatchResult(
  tool: Tool,
  result: ToolDispatchResult,
  frame: CallFrame,
): Promise<unknown> {
  const name = tool.name;
  switch (result?.status) {
    case "returned":
      if (Array.isArray(result.dropped) && result.dropped.length > 0)
        frame.dropped = result.dropped;
      return Promise.resolve(result.value);
    case "threw":
      return Promise.reject(
        new DispatchedFailure(String(result.message), readRemoteErrorType(result.errorType)),
      );
    case "interrupted":
      // A worker answers `interrupted` for a redelivered `never` call, or a `safe` one past its
      // attempts: the texts of SPEC §11 for each.
      return Promise.reject(
        new DispatchedFailure(
          readReplay(tool) === "safe"
            ? interruptedTimesText(name, result.attempts)
            : interruptedText(name),
          "interrupted",
        ),
      );
    case "tool_not_found":
      return Promise.reject(
        new DispatchedFailure(
          toolNotFoundOnWorkerText(name, String(result.worker)),
          "tool_not_found",
        ),
      );
    default:
      return Promise.reject(
        new DispatchedFailure(
          `The dispatcher returned an unknown result for tool ${name}`,
          "dispatch_failed",
        ),
      );
  }
}

/** The worker's `errorType` when it is one of the executor's, else `tool_error`. */
function readRemoteErrorType(errorType: unknown): ToolCallErrorType {
  return (TOOL_CALL_ERROR_TYPES as readonly unknown[]).includes(errorType)
    ? (errorType as ToolCallErrorType)
    : "tool_error";
}

/** A transport failure: the dispatcher rejected. */
function dispatchFailed(error: unknown): Promise<never> {
  return Promise.reject(new DispatchedFailure(describeThrown(error), "dispatch_failed"));
}
