/**
 * Steps 1–5 of SPEC §3.1 as a function that returns a value: `PreparedCall` when the call may
 * execute, `EndedCall` with the error outcome when a step ended it.
 *
 *   1 abort? → 2 lookup → 3 prepareArguments → 4 validate → 5 beforeToolCall → abort?
 *
 * Synchronous unless `prepareArguments`, a Standard Schema's validation or `beforeToolCall`
 * returns a promise. Never throws and never rejects.
 */
import type { Span } from "@opentelemetry/api";
import { safeValidateToolArguments, type Tool, type ToolCall } from "@toolwright/tool-core";
import { describeThrown } from "../describe-thrown";
import { isPromiseLike, type MaybePromise } from "../maybe-async";
import { ABORTED_TEXT, BLOCKED_TEXT, toolNotFoundText } from "./executor-texts";
import type { EndedCall, PreparedCall } from "./prepared-call";
import { settleCallWithError } from "./settle-call";
import type { ToolCallErrorType } from "./tool-call-error-type";
import type { ToolRun } from "./tool-run";
import { startToolSpan } from "./trace-tool-call";

type ToolArgumentsResult = ReturnType<typeof safeValidateToolArguments<Tool>>;
type Settled<T> = T extends Promise<infer U> ? U : T;

/** Steps 1–5 of one call; see the file header. */
export function prepareToolCall(
  toolCall: ToolCall,
  run: ToolRun,
): MaybePromise<PreparedCall | EndedCall> {
  const span = startToolSpan(toolCall);
  if (run.signal?.aborted === true) return endCall(toolCall, span, "aborted", ABORTED_TEXT);
  const tool = run.registry.get(toolCall.name);
  if (tool === undefined) {
    return endCall(toolCall, span, "tool_not_found", toolNotFoundText(toolCall.name));
  }
  if (tool.prepareArguments === undefined) return validate(toolCall, tool, toolCall, span, run);
  let prepared: unknown;
  try {
    prepared = tool.prepareArguments(toolCall.arguments);
  } catch (error) {
    return endCall(toolCall, span, "prepare_arguments_error", describeThrown(error));
  }
  if (isPromiseLike(prepared)) {
    return Promise.resolve(prepared).then(
      (value) => validate(toolCall, tool, withArguments(toolCall, value), span, run),
      (error: unknown) => endCall(toolCall, span, "prepare_arguments_error", describeThrown(error)),
    );
  }
  return validate(toolCall, tool, withArguments(toolCall, prepared), span, run);
}

/** Ends a call in preflight with an executor error result. */
function endCall(
  toolCall: ToolCall,
  span: Span | undefined,
  errorType: ToolCallErrorType,
  text: string,
  terminate?: boolean,
): EndedCall {
  const outcome = settleCallWithError(toolCall, span, errorType, text, undefined, terminate);
  return { type: "ended", outcome };
}

function withArguments(toolCall: ToolCall, prepared: unknown): ToolCall {
  return { ...toolCall, arguments: prepared as ToolCall["arguments"] };
}

function validate(
  toolCall: ToolCall,
  tool: Tool,
  target: ToolCall,
  span: Span | undefined,
  run: ToolRun,
): MaybePromise<PreparedCall | EndedCall> {
  const validated = safeValidateToolArguments(tool, target) as ToolArgumentsResult;
  if (validated instanceof Promise) {
    return validated.then(
      (value) => decide(toolCall, tool, span, run, value),
      (error: unknown) => endCall(toolCall, span, "invalid_arguments", describeThrown(error)),
    );
  }
  return decide(toolCall, tool, span, run, validated);
}

function decide(
  toolCall: ToolCall,
  tool: Tool,
  span: Span | undefined,
  run: ToolRun,
  validated: Settled<ToolArgumentsResult>,
): MaybePromise<PreparedCall | EndedCall> {
  if (!validated.ok) {
    return endCall(toolCall, span, "invalid_arguments", describeThrown(validated.error));
  }
  const prepared: PreparedCall = {
    type: "prepared",
    toolCall,
    tool,
    args: validated.params as Readonly<Record<string, unknown>>,
    coercions: validated.changes,
    span,
  };
  const hook = run.beforeToolCall;
  if (hook === undefined) return prepared;
  let decision: unknown;
  try {
    decision = hook(
      {
        toolCall,
        tool,
        args: prepared.args,
        coercions: prepared.coercions,
        context: run.context,
        assistantMessage: run.assistantMessage,
      },
      run.signalOrNever,
    );
  } catch (error) {
    return hookFailed(prepared, run, error);
  }
  if (isPromiseLike(decision)) {
    // Callbacks over two captured values, not an async function: every call of a parallel batch
    // waits here in turn, and a suspended async frame is the larger of the two.
    return Promise.resolve(decision).then(
      (value) => applyDecision(prepared, run, value),
      (error: unknown) => hookFailed(prepared, run, error),
    );
  }
  return applyDecision(prepared, run, decision);
}

function hookFailed(prepared: PreparedCall, run: ToolRun, error: unknown): EndedCall {
  // The abort check after the hook comes first: a hook that threw because the run was aborted
  // (`signal.throwIfAborted()`) ends the call as aborted, like any other call of the run.
  if (run.signal?.aborted === true) return endPrepared(prepared, "aborted", ABORTED_TEXT);
  return endPrepared(prepared, "before_tool_call_error", describeThrown(error));
}

/** Reads the hook's `{ block, reason, terminate }` once; a throwing read is the hook's failure. */
function applyDecision(
  prepared: PreparedCall,
  run: ToolRun,
  decision: unknown,
): PreparedCall | EndedCall {
  if (run.signal?.aborted === true) return endPrepared(prepared, "aborted", ABORTED_TEXT);
  if (typeof decision !== "object" || decision === null) return prepared;
  let block: unknown;
  let reason: unknown;
  let terminate: unknown;
  try {
    ({ block, reason, terminate } = decision as Record<string, unknown>);
  } catch (error) {
    return endPrepared(prepared, "before_tool_call_error", describeThrown(error));
  }
  if (block !== true) return prepared;
  const text = typeof reason === "string" && reason !== "" ? reason : BLOCKED_TEXT;
  return endPrepared(prepared, "blocked", text, terminate === true);
}

function endPrepared(
  prepared: PreparedCall,
  errorType: ToolCallErrorType,
  text: string,
  terminate?: boolean,
): EndedCall {
  return endCall(prepared.toolCall, prepared.span, errorType, text, terminate);
}
