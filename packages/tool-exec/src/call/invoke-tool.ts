import type { Span } from "@opentelemetry/api";
import type { ToolDispatcher, ToolDispatchResult } from "../dispatch/tool-dispatcher";
import type { DroppedResultField } from "../model/suspended-batch";
import { dispatchToolCall, isDispatched } from "./dispatch-tool-call";
import type { PreparedCall } from "./prepared-call";
import type { RunningToolContext } from "./running-tool-context";
import type { ToolRun } from "./tool-run";
import { runInSpan } from "./trace-tool-call";

/** What a dispatched call's worker said about its result besides the value (SPEC §12). */
export interface Received {
  /** The result fields the worker sent as `null` because they were not JSON. */
  dropped?: readonly DroppedResultField[];
}

/**
 * Step 6: the tool's `execute`, or the run's dispatcher when it handles the tool (SPEC §12). The
 * closures of the other paths live in their own functions: a function that creates a closure
 * allocates its captured variables on every call, even on a path that creates none.
 */
export function invokeTool(
  prepared: PreparedCall,
  context: RunningToolContext,
  run: ToolRun,
  received: Received | undefined,
  timeoutMs: number | undefined,
  adopted: ToolDispatchResult | undefined,
): unknown {
  const { tool, span } = prepared;
  if (run.dispatcher !== undefined && isDispatched(run.dispatcher, tool)) {
    return invokeDispatcher(run.dispatcher, prepared, context, run, received, timeoutMs, adopted);
  }
  return span === undefined
    ? tool.execute(prepared.args, context)
    : invokeInSpan(span, prepared, context);
}

function invokeInSpan(span: Span, prepared: PreparedCall, context: RunningToolContext): unknown {
  return runInSpan(span, () => prepared.tool.execute(prepared.args, context));
}

function invokeDispatcher(
  dispatcher: ToolDispatcher,
  prepared: PreparedCall,
  context: RunningToolContext,
  run: ToolRun,
  received: Received | undefined,
  timeoutMs: number | undefined,
  adopted: ToolDispatchResult | undefined,
): unknown {
  const dispatch = () =>
    dispatchToolCall(dispatcher, prepared, context, run, timeoutMs, adopted, (dropped) => {
      if (received !== undefined) received.dropped = dropped;
    });
  return prepared.span === undefined ? dispatch() : runInSpan(prepared.span, dispatch);
}
