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
import type { SafeValidateToolArgumentsResult, Tool, ToolCall } from "@toolwright/tool-core";
import { describeThrown } from "../describe-thrown";
import { isPromiseLike, type MaybePromise } from "../maybe-async";
import type { ToolCallErrorType } from "../model/tool-call-error-type";
import { ABORTED_TEXT, BLOCKED_TEXT, toolNotFoundText } from "./executor-texts";
import type { EndedCall, PreparedCall } from "./prepared-call";
import { settleCallWithError } from "./settle-call";
import type { ToolRun } from "./tool-run";
import { startToolSpan } from "./trace-tool-call";

type ToolArgumentsResult = SafeValidateToolArgumentsResult<Tool>;
type Settled<T> = T extends Promise<infer U> ? U : T;

/** Steps 1–5 of one call; see the file header. */
export function prepareToolCall(
  toolCall: ToolCall,
  run: ToolRun,
): MaybePromise<PreparedCall | EndedCall> {
  return prepareToolCallThen(toolCall, run, same, undefined);
}

/**
 * Takes over the wait for a call's asynchronous `beforeToolCall` (see {@link prepareToolCallHeld}):
 * it waits for `decision` itself and hands what it settled with to {@link decideToolCall} or
 * {@link failToolCallDecision}. **Contract:** must not throw; called at most once per preparation,
 * before `prepareToolCallHeld` returns {@link HELD}.
 */
export interface DecisionHolder {
  holdDecision(prepared: PreparedCall, decision: PromiseLike<unknown>): void;
}

/** What {@link prepareToolCallHeld} returns when it handed the hook's answer to the holder. */
export interface HeldDecision {
  readonly type: "deciding";
}

/** The one {@link HeldDecision}: nothing is made per call. */
export const HELD: HeldDecision = Object.freeze({ type: "deciding" });

/**
 * `prepareToolCall`, except that an asynchronous `beforeToolCall` is handed to `holder` instead of
 * being waited for in a promise reaction of its own. A batch that waits for each call's preflight
 * in turn then waits for the hook's promise with reactions it made once: no promise layer and no
 * record per call. Steps 3–4 that go asynchronous still give a promise (of a call decided as
 * `prepareToolCall` would).
 */
export function prepareToolCallHeld(
  toolCall: ToolCall,
  run: ToolRun,
  holder: DecisionHolder,
): MaybePromise<PreparedCall | EndedCall> | HeldDecision {
  return prepareToolCallThen(toolCall, run, same, undefined, holder);
}

/** The end of step 5 for a held call whose hook fulfilled with `value`. */
export function decideToolCall(
  prepared: PreparedCall,
  run: ToolRun,
  value: unknown,
): PreparedCall | EndedCall {
  return applyDecision(prepared, run, value);
}

/** The end of step 5 for a held call whose hook rejected with `error`. */
export function failToolCallDecision(
  prepared: PreparedCall,
  run: ToolRun,
  error: unknown,
): EndedCall {
  return hookFailed(prepared, run, error);
}

/**
 * What runs on a call's preflight result, in the same step (see {@link prepareToolCallThen}).
 *
 * **Contract:** called exactly once per preflight, with the call prepared or ended; may return a
 * promise; a throw propagates to the caller of `prepareToolCallThen` (or rejects its promise).
 */
export type PreparedNext<TContext, TResult> = (
  call: PreparedCall | EndedCall,
  context: TContext,
) => MaybePromise<TResult>;

/**
 * `next(prepareToolCall(toolCall, run), context)`, with `next` run inside the step that ends the
 * preflight — in the hook's own promise reaction when `beforeToolCall` is asynchronous — rather
 * than in a further reaction on a promise of the prepared call. A batch waits for each call's
 * preflight in turn, so one promise layer less per call is one reaction, one promise and a
 * microtask less for thousands of calls. `context` is handed to `next` so that a module-level
 * `next` closes over nothing. `holder` (only for {@link prepareToolCallHeld}, whose `next`
 * returns what it is given) takes over an asynchronous hook's answer.
 */
export function prepareToolCallThen<TContext, TResult>(
  toolCall: ToolCall,
  run: ToolRun,
  next: PreparedNext<TContext, TResult>,
  context: TContext,
  holder?: DecisionHolder,
): MaybePromise<TResult> {
  const span = startToolSpan(toolCall);
  if (run.signal?.aborted === true) {
    return next(endCall(toolCall, span, "aborted", ABORTED_TEXT), context);
  }
  const tool = run.registry.get(toolCall.name);
  if (tool === undefined) {
    const text = toolNotFoundText(toolCall.name);
    return next(endCall(toolCall, span, "tool_not_found", text), context);
  }
  if (tool.prepareArguments === undefined) {
    return validate(toolCall, tool, toolCall, span, run, next, context, holder);
  }
  let prepared: unknown;
  try {
    prepared = tool.prepareArguments(toolCall.arguments);
  } catch (error) {
    const text = describeThrown(error);
    return next(endCall(toolCall, span, "prepare_arguments_error", text), context);
  }
  if (isPromiseLike(prepared)) {
    return prepareLater(prepared, toolCall, tool, span, run, next, context);
  }
  const target = withArguments(toolCall, prepared);
  return validate(toolCall, tool, target, span, run, next, context, holder);
}

function same<T>(value: T): T {
  return value;
}

function prepareLater<TContext, TResult>(
  pending: PromiseLike<unknown>,
  toolCall: ToolCall,
  tool: Tool,
  span: Span | undefined,
  run: ToolRun,
  next: PreparedNext<TContext, TResult>,
  context: TContext,
): Promise<TResult> {
  return Promise.resolve(pending).then(
    (value) => validate(toolCall, tool, withArguments(toolCall, value), span, run, next, context),
    (error: unknown) => {
      const text = describeThrown(error);
      return next(endCall(toolCall, span, "prepare_arguments_error", text), context);
    },
  );
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

/** `holder`: see {@link prepareToolCallHeld} (only on the synchronous path to step 5). */
function validate<TContext, TResult>(
  toolCall: ToolCall,
  tool: Tool,
  target: ToolCall,
  span: Span | undefined,
  run: ToolRun,
  next: PreparedNext<TContext, TResult>,
  context: TContext,
  holder?: DecisionHolder,
): MaybePromise<TResult> {
  // The run's registry validates in its own coercion mode (a tool may sit in several registries).
  const validated = run.registry.safeValidateArguments(tool, target) as ToolArgumentsResult;
  if (validated instanceof Promise) {
    return validateLater(validated, toolCall, tool, span, run, next, context);
  }
  return decide(toolCall, tool, span, run, validated, next, context, holder);
}

function validateLater<TContext, TResult>(
  validated: Promise<Settled<ToolArgumentsResult>>,
  toolCall: ToolCall,
  tool: Tool,
  span: Span | undefined,
  run: ToolRun,
  next: PreparedNext<TContext, TResult>,
  context: TContext,
): Promise<TResult> {
  return validated.then(
    (value) => decide(toolCall, tool, span, run, value, next, context),
    (error: unknown) => {
      const text = describeThrown(error);
      return next(endCall(toolCall, span, "invalid_arguments", text), context);
    },
  );
}

function decide<TContext, TResult>(
  toolCall: ToolCall,
  tool: Tool,
  span: Span | undefined,
  run: ToolRun,
  validated: Settled<ToolArgumentsResult>,
  next: PreparedNext<TContext, TResult>,
  context: TContext,
  holder?: DecisionHolder,
): MaybePromise<TResult> {
  if (!validated.ok) {
    const text = describeThrown(validated.error);
    return next(endCall(toolCall, span, "invalid_arguments", text), context);
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
  if (hook === undefined) return next(prepared, context);
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
    return next(hookFailed(prepared, run, error), context);
  }
  if (isPromiseLike(decision)) {
    if (holder !== undefined) {
      // Only `prepareToolCallHeld` passes one, and its `next` returns what it is given.
      holder.holdDecision(prepared, decision);
      return HELD as TResult;
    }
    return decideLater(decision, prepared, run, next, context);
  }
  return next(applyDecision(prepared, run, decision), context);
}

// Callbacks over captured values, not an async function: every call of a parallel batch waits
// here in turn, and a suspended async frame is the larger of the two. Apart from `decide` so that
// a synchronous hook allocates no closure context.
function decideLater<TContext, TResult>(
  decision: PromiseLike<unknown>,
  prepared: PreparedCall,
  run: ToolRun,
  next: PreparedNext<TContext, TResult>,
  context: TContext,
): Promise<TResult> {
  return Promise.resolve(decision).then(
    (value) => next(applyDecision(prepared, run, value), context),
    (error: unknown) => next(hookFailed(prepared, run, error), context),
  );
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
