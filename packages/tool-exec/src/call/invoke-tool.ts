import type { Span } from "@opentelemetry/api";
import type { ToolDispatcher } from "../dispatch/tool-dispatcher";
import type { CallFrame } from "./call-frame";
import { dispatchToolCall, isDispatched } from "./dispatch-tool-call";
import type { RunningToolContext } from "./running-tool-context";
import { runInSpan } from "./trace-tool-call";

/**
 * Step 6: the tool's `execute`, or the run's dispatcher when it handles the tool, with
 * the context the frame holds. The closures of the other paths live in their own functions: a
 * function that creates a closure allocates its captured variables on every call, even on a path
 * that creates none.
 */
export function invokeTool(frame: CallFrame, timeoutMs: number | undefined): unknown {
  const { tool, span, run } = frame;
  if (run.dispatcher !== undefined && isDispatched(run.dispatcher, tool)) {
    return invokeDispatcher(run.dispatcher, frame, timeoutMs);
  }
  const context = frame.context as RunningToolContext;
  return span === undefined
    ? tool.execute(frame.args, context)
    : invokeInSpan(span, frame, context);
}

function invokeInSpan(span: Span, frame: CallFrame, context: RunningToolContext): unknown {
  return runInSpan(span, () => frame.tool.execute(frame.args, context));
}

function invokeDispatcher(
  dispatcher: ToolDispatcher,
  frame: CallFrame,
  timeoutMs: number | undefined,
): unknown {
  const dispatch = () => dispatchToolCall(dispatcher, frame, timeoutMs);
  const span = frame.span;
  return span === undefined ? dispatch() : runInSpan(span, dispatch);
}
