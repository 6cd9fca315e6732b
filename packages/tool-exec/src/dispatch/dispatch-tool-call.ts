/**
 * Step 6 through a `ToolDispatcher` (SPEC §12): the prepared call goes to `dispatcher.execute`
 * instead of `tool.execute`, and what comes back is turned into what a local `execute` would have
 * done — a returned value (checked and rendered by the normal finish path), a throw, or one of the
 * dispatcher's own endings (`interrupted`, `tool_not_found`) as a {@link DispatchedFailure}.
 */
import { copyJsonValue, type JsonObject, type Tool } from "@toolwright/tool-core";
import type { PreparedCall } from "../call/prepared-call";
import { readReplay } from "../call/read-replay";
import type { RunningToolContext } from "../call/running-tool-context";
import type { ToolCallErrorType } from "../call/tool-call-error-type";
import type { ToolRun } from "../call/tool-run";
import { interruptedText, interruptedTimesText } from "../journal/journal-texts";
import type { ToolDispatcher, ToolDispatchResult } from "./tool-dispatcher";
import { toolNotFoundOnWorkerText } from "./tool-not-found-on-worker-text";

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
 * `false`. A `handles` that throws fails the call (it is thrown from `execute`'s place).
 */
export function isDispatched(dispatcher: ToolDispatcher | undefined, tool: Tool): boolean {
  if (dispatcher === undefined) return false;
  return dispatcher.handles?.(tool) !== false;
}

/**
 * Dispatches one call, or uses `adopted` — a result recovery found with `dispatcher.lookup` — in
 * its place. Resolves to the returned value; rejects with the remote throw's message, a
 * `DispatchedFailure`, or the transport failure.
 */
export function dispatchToolCall(
  dispatcher: ToolDispatcher,
  prepared: PreparedCall,
  context: RunningToolContext,
  run: ToolRun,
  timeoutMs: number | undefined,
  adopted: ToolDispatchResult | undefined,
): Promise<unknown> {
  if (adopted !== undefined) return readDispatchResult(prepared.toolCall.name, adopted);
  const { toolCall, tool } = prepared;
  const args = copyJsonValue(prepared.args);
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
    .then((result) => readDispatchResult(toolCall.name, result));
}

function readDispatchResult(name: string, result: ToolDispatchResult): Promise<unknown> {
  switch (result?.status) {
    case "returned":
      return Promise.resolve(result.value);
    case "threw":
      return Promise.reject(new Error(String(result.message)));
    case "interrupted":
      return Promise.reject(
        new DispatchedFailure(
          result.attempts > 1 ? interruptedTimesText(name, result.attempts) : interruptedText(name),
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
        new Error(`The dispatcher returned an unknown result for tool ${name}`),
      );
  }
}
