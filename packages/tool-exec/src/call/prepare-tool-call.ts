/**
 * Steps 1–5 of SPEC §3.1, one function per step, each a function of the call's {@link CallFrame}:
 *
 *   1 `prepareCall` (span, abort?) → 2 `lookUpTool` → 3 `prepareArguments` → 4 `validateArguments`
 *     → 5 `runBeforeToolCall` → `applyDecision` (abort?)
 *
 * They return the frame when the call may go on, its `EndedCall` when a step ended it, or
 * {@link WAITING} when `prepareArguments`, a Standard Schema's validation or `beforeToolCall`
 * returned a promise: the frame then waits for it and hands the frame or the `EndedCall` to its
 * owner (`CallFrame.handOn`). Never throw and never reject.
 */
import type { SafeValidateToolArgumentsResult, Tool, ToolCall } from "@toolwright/tool-core";
import { describeThrown } from "../describe-thrown";
import { isPromiseLike, type MaybePromise } from "../maybe-async";
import type { ToolCallErrorType } from "../model/tool-call-error-type";
import { type CallFrame, type FrameStep, resolveToken } from "./call-frame";
import { ABORTED_TEXT, BLOCKED_TEXT, toolNotFoundText } from "./executor-texts";
import type { EndedCall } from "./prepared-call";
import { settleCallWithError } from "./settle-call";
import { startToolSpan } from "./trace-tool-call";

type ToolArgumentsResult = SafeValidateToolArgumentsResult<Tool>;
type Validated = Exclude<ToolArgumentsResult, Promise<unknown>>;

/** What a step of steps 1–5 returns when the frame waits: its owner hears the rest. */
export interface Waiting {
  readonly type: "waiting";
}

/** The one {@link Waiting}: nothing is made per call. */
export const WAITING: Waiting = Object.freeze({ type: "waiting" });

/** Where steps 1–5 leave a call: the frame when it may go on, else how it ended. */
export type Preflighted = CallFrame | EndedCall;

/** Step 1 and everything after it up to step 5; see the file header. */
export function prepareCall(frame: CallFrame): Preflighted | Waiting {
  frame.span = startToolSpan(frame.toolCall);
  if (frame.run.signal?.aborted === true) return endInPreflight(frame, "aborted", ABORTED_TEXT);
  return lookUpTool(frame);
}

/**
 * Steps 1–5 for a caller that waits for them with a promise (one call outside a batch, a call
 * prepared again on resume). Gives the frame its owner.
 */
export function prepareToolCall(frame: CallFrame): MaybePromise<Preflighted> {
  const prepared = prepareCall(frame);
  if (prepared.type !== "waiting") return prepared;
  return new Promise((resolve) => frame.handTo(resolveToken, resolve));
}

/** Step 2: the tool the call names, from the run's registry. */
function lookUpTool(frame: CallFrame): Preflighted | Waiting {
  const { toolCall } = frame;
  const tool = frame.run.registry.get(toolCall.name);
  if (tool === undefined) {
    return endInPreflight(frame, "tool_not_found", toolNotFoundText(toolCall.name));
  }
  frame.tool = tool;
  return prepareArguments(frame);
}

/** Step 3: the tool's `prepareArguments`, when it has one. */
function prepareArguments(frame: CallFrame): Preflighted | Waiting {
  const { toolCall, tool } = frame;
  if (tool.prepareArguments === undefined) return validateArguments(frame, toolCall);
  let prepared: unknown;
  try {
    prepared = tool.prepareArguments(toolCall.arguments);
  } catch (error) {
    return endInPreflight(frame, "prepare_arguments_error", describeThrown(error));
  }
  if (isPromiseLike(prepared)) {
    frame.waitFor(prepared, AFTER_PREPARE_ARGUMENTS);
    return WAITING;
  }
  return validateArguments(frame, withArguments(toolCall, prepared));
}

function argumentsPrepared(frame: CallFrame, value: unknown): void {
  handOn(frame, validateArguments(frame, withArguments(frame.toolCall, value)));
}

function prepareArgumentsFailed(frame: CallFrame, error: unknown): void {
  frame.handOn(endInPreflight(frame, "prepare_arguments_error", describeThrown(error)));
}

const AFTER_PREPARE_ARGUMENTS: FrameStep = {
  resume: argumentsPrepared,
  fail: prepareArgumentsFailed,
};

function withArguments(toolCall: ToolCall, prepared: unknown): ToolCall {
  return { ...toolCall, arguments: prepared as ToolCall["arguments"] };
}

/** Step 4: `target`'s arguments validated (and coerced) against the tool's parameters. */
function validateArguments(frame: CallFrame, target: ToolCall): Preflighted | Waiting {
  // The run's registry validates in its own coercion mode (a tool may sit in several registries).
  const validated = frame.run.registry.safeValidateArguments(
    frame.tool,
    target,
  ) as ToolArgumentsResult;
  if (validated instanceof Promise) {
    frame.waitFor(validated, AFTER_VALIDATION);
    return WAITING;
  }
  return runBeforeToolCall(frame, validated);
}

function argumentsValidated(frame: CallFrame, validated: unknown): void {
  handOn(frame, runBeforeToolCall(frame, validated as Validated));
}

function validationFailed(frame: CallFrame, error: unknown): void {
  frame.handOn(endInPreflight(frame, "invalid_arguments", describeThrown(error)));
}

const AFTER_VALIDATION: FrameStep = { resume: argumentsValidated, fail: validationFailed };

/** Step 5: `beforeToolCall`, with the args step 4 validated. */
function runBeforeToolCall(frame: CallFrame, validated: Validated): Preflighted | Waiting {
  if (!validated.ok) {
    return endInPreflight(frame, "invalid_arguments", describeThrown(validated.error));
  }
  frame.args = validated.params as Readonly<Record<string, unknown>>;
  frame.coercions = validated.changes;
  const { run } = frame;
  const hook = run.beforeToolCall;
  if (hook === undefined) return frame;
  let decision: unknown;
  try {
    decision = hook(
      {
        toolCall: frame.toolCall,
        tool: frame.tool,
        args: frame.args,
        coercions: frame.coercions,
        context: run.context,
        assistantMessage: run.assistantMessage,
      },
      run.signalOrNever,
    );
  } catch (error) {
    return hookFailed(frame, error);
  }
  if (isPromiseLike(decision)) {
    frame.waitFor(decision, AFTER_BEFORE_TOOL_CALL);
    return WAITING;
  }
  return applyDecision(frame, decision);
}

function applyLaterDecision(frame: CallFrame, decision: unknown): void {
  frame.handOn(applyDecision(frame, decision));
}

function hookFailedLater(frame: CallFrame, error: unknown): void {
  frame.handOn(hookFailed(frame, error));
}

const AFTER_BEFORE_TOOL_CALL: FrameStep = { resume: applyLaterDecision, fail: hookFailedLater };

/**
 * The end of step 5: the hook's `{ block, reason, terminate }` read once (a throwing read is the
 * hook's failure), then the abort check after the hook.
 */
function applyDecision(frame: CallFrame, decision: unknown): Preflighted {
  if (frame.run.signal?.aborted === true) return endInPreflight(frame, "aborted", ABORTED_TEXT);
  if (typeof decision !== "object" || decision === null) return frame;
  let block: unknown;
  let reason: unknown;
  let terminate: unknown;
  try {
    ({ block, reason, terminate } = decision as Record<string, unknown>);
  } catch (error) {
    return endInPreflight(frame, "before_tool_call_error", describeThrown(error));
  }
  if (block !== true) return frame;
  const text = typeof reason === "string" && reason !== "" ? reason : BLOCKED_TEXT;
  return endInPreflight(frame, "blocked", text, terminate === true);
}

function hookFailed(frame: CallFrame, error: unknown): EndedCall {
  // The abort check after the hook comes first: a hook that threw because the run was aborted
  // (`signal.throwIfAborted()`) ends the call as aborted, like any other call of the run.
  if (frame.run.signal?.aborted === true) return endInPreflight(frame, "aborted", ABORTED_TEXT);
  return endInPreflight(frame, "before_tool_call_error", describeThrown(error));
}

/** Hands what a step returned after a wait to the frame's owner, unless the frame waits again. */
function handOn(frame: CallFrame, prepared: Preflighted | Waiting): void {
  if (prepared.type !== "waiting") frame.handOn(prepared);
}

/**
 * Ends a call before it executes with an executor error result (its span with it); the outcome
 * carries how approval resolved the call, when it was prepared again after one.
 */
export function endInPreflight(
  frame: CallFrame,
  errorType: ToolCallErrorType,
  text: string,
  terminate?: boolean,
): EndedCall {
  const outcome = settleCallWithError(frame.toolCall, frame.span, errorType, text, terminate);
  return { type: "ended", outcome: frame.settled(outcome) };
}
