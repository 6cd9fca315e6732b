/**
 * How a call ends, in one vocabulary. A call *settles* exactly once: `settleCall` makes its outcome
 * and ends its span; `settleCallWithError` and `settlePreparedCall` are that for an executor error
 * result of a call that did not execute. A batch then settles the call on its side
 * (`batch/settle-batch-call.ts`: the `settled` record, the end event), and an outcome made after a
 * wait is *delivered* to whoever started the call (`CallFrame.deliver`).
 */
import type { Span } from "@opentelemetry/api";
import type { ToolCall, ToolResult } from "@toolwright/tool-core";
import type { ToolCallErrorType } from "../model/tool-call-error-type";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import { createErrorResult } from "./error-result";
import type { PreparedCall } from "./prepared-call";
import { endToolSpan } from "./trace-tool-call";

/**
 * Makes a call's outcome and ends its span. An error result gets `errorType` (`tool_error` when
 * the step that made it named none: a result the tool or a hook marked `isError`); a success
 * gets none. `durationMs` only when `execute` ran.
 */
export function settleCall(
  toolCall: ToolCall,
  span: Span | undefined,
  result: ToolResult,
  errorType: ToolCallErrorType | undefined,
  durationMs: number | undefined,
): ToolCallOutcome {
  const isError = result.isError === true;
  const type = isError ? (errorType ?? "tool_error") : undefined;
  if (span !== undefined) endToolSpan(span, type, isError ? firstText(result) : "");
  if (type === undefined) {
    return durationMs === undefined
      ? { toolCall, result, isError }
      : { toolCall, result, isError, durationMs };
  }
  return durationMs === undefined
    ? { toolCall, result, isError, errorType: type }
    : { toolCall, result, isError, errorType: type, durationMs };
}

/**
 * Ends a call that did not execute with an executor error result (`text`), and its span;
 * `terminate` marks the result (a `beforeToolCall` block that ends the loop).
 */
export function settleCallWithError(
  toolCall: ToolCall,
  span: Span | undefined,
  errorType: ToolCallErrorType,
  text: string,
  terminate?: boolean,
): ToolCallOutcome {
  return settleCall(toolCall, span, createErrorResult(text, terminate), errorType, undefined);
}

function firstText(result: ToolResult): string {
  const first = result.content[0];
  return first !== undefined && first.type === "text" ? first.text : "";
}

/**
 * Ends a prepared call without executing it — its `lockKeys` failed, an approval was denied, its
 * `beforeToolCall` blocked it — as an executor error result with `text`, and ends its span.
 */
export function settlePreparedCall(
  prepared: PreparedCall,
  errorType: ToolCallErrorType,
  text: string,
  terminate?: boolean,
): ToolCallOutcome {
  return settleCallWithError(prepared.toolCall, prepared.span, errorType, text, terminate);
}
