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
import { keepShapeAlive } from "../keep-shape-alive";
import { isPromiseLike, type MaybePromise } from "../maybe-async";
import type { ToolCallErrorType } from "../model/tool-call-error-type";
import { ABORTED_TEXT, BLOCKED_TEXT, toolNotFoundText } from "./executor-texts";
import type { EndedCall, PreparedCall } from "./prepared-call";
import { settleCallWithError } from "./settle-call";
import { ToolRun } from "./tool-run";
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
  const call = new Preflight(toolCall, run, next, context, holder);
  // Step 1: the call's span, then the abort check.
  call.span = startToolSpan(toolCall);
  if (run.signal?.aborted === true) return call.settle("aborted", ABORTED_TEXT);
  return lookUpTool(call);
}

/**
 * One call in steps 1–5: the call, its run, what the steps found (its span, its tool) and where
 * its preflight ends (`next` with `context`, or `holder` for an asynchronous `beforeToolCall`).
 */
class Preflight<TContext, TResult> {
  readonly toolCall: ToolCall;
  readonly run: ToolRun;
  readonly next: PreparedNext<TContext, TResult>;
  readonly context: TContext;
  /** See {@link prepareToolCallHeld}; only on the synchronous path to step 5. */
  holder: DecisionHolder | undefined;
  /** Step 1. */
  span: Span | undefined = undefined;
  /** Step 2: the tool the name found. */
  tool: Tool | undefined = undefined;

  static {
    // See keep-shape-alive.ts.
    const run = new ToolRun({ tools: [] }, undefined);
    const toolCall: ToolCall = { type: "toolCall", id: "", name: "", arguments: {} };
    keepShapeAlive(() => new Preflight(toolCall, run, same, undefined, undefined));
  }

  constructor(
    toolCall: ToolCall,
    run: ToolRun,
    next: PreparedNext<TContext, TResult>,
    context: TContext,
    holder: DecisionHolder | undefined,
  ) {
    this.toolCall = toolCall;
    this.run = run;
    this.next = next;
    this.context = context;
    this.holder = holder;
  }

  /** The tool step 2 found; only for the steps after it. */
  get foundTool(): Tool {
    return this.tool as Tool;
  }

  /** Hands the preflight's result on. */
  proceed(call: PreparedCall | EndedCall): MaybePromise<TResult> {
    return this.next(call, this.context);
  }

  /** Ends the call in preflight with an executor error result. */
  settle(errorType: ToolCallErrorType, text: string): MaybePromise<TResult> {
    return this.next(settleInPreflight(this.toolCall, this.span, errorType, text), this.context);
  }
}

/** Step 2: the tool the call names, from the run's registry. */
function lookUpTool<TContext, TResult>(call: Preflight<TContext, TResult>): MaybePromise<TResult> {
  const { toolCall } = call;
  const tool = call.run.registry.get(toolCall.name);
  if (tool === undefined) return call.settle("tool_not_found", toolNotFoundText(toolCall.name));
  call.tool = tool;
  return prepareArguments(call);
}

/** Step 3: the tool's `prepareArguments`, when it has one. */
function prepareArguments<TContext, TResult>(
  call: Preflight<TContext, TResult>,
): MaybePromise<TResult> {
  const { toolCall } = call;
  const tool = call.foundTool;
  if (tool.prepareArguments === undefined) return validateArguments(call, toolCall);
  let prepared: unknown;
  try {
    prepared = tool.prepareArguments(toolCall.arguments);
  } catch (error) {
    return call.settle("prepare_arguments_error", describeThrown(error));
  }
  if (isPromiseLike(prepared)) {
    call.holder = undefined;
    return Promise.resolve(prepared).then(
      (value) => validateArguments(call, withArguments(toolCall, value)),
      (error: unknown) => call.settle("prepare_arguments_error", describeThrown(error)),
    );
  }
  return validateArguments(call, withArguments(toolCall, prepared));
}

function same<T>(value: T): T {
  return value;
}

/** Ends a call in preflight with an executor error result. */
function settleInPreflight(
  toolCall: ToolCall,
  span: Span | undefined,
  errorType: ToolCallErrorType,
  text: string,
  terminate?: boolean,
): EndedCall {
  const outcome = settleCallWithError(toolCall, span, errorType, text, terminate);
  return { type: "ended", outcome };
}

function withArguments(toolCall: ToolCall, prepared: unknown): ToolCall {
  return { ...toolCall, arguments: prepared as ToolCall["arguments"] };
}

/** Step 4: `target`'s arguments validated (and coerced) against the tool's parameters. */
function validateArguments<TContext, TResult>(
  call: Preflight<TContext, TResult>,
  target: ToolCall,
): MaybePromise<TResult> {
  // The run's registry validates in its own coercion mode (a tool may sit in several registries).
  const validated = call.run.registry.safeValidateArguments(
    call.foundTool,
    target,
  ) as ToolArgumentsResult;
  if (validated instanceof Promise) {
    call.holder = undefined;
    return validated.then(
      (value) => runBeforeToolCall(call, value),
      (error: unknown) => call.settle("invalid_arguments", describeThrown(error)),
    );
  }
  return runBeforeToolCall(call, validated);
}

/** Step 5: `beforeToolCall`, and the abort check after it. */
function runBeforeToolCall<TContext, TResult>(
  call: Preflight<TContext, TResult>,
  validated: Settled<ToolArgumentsResult>,
): MaybePromise<TResult> {
  if (!validated.ok) return call.settle("invalid_arguments", describeThrown(validated.error));
  const { toolCall, run } = call;
  const tool = call.foundTool;
  const prepared: PreparedCall = {
    type: "prepared",
    toolCall,
    tool,
    args: validated.params as Readonly<Record<string, unknown>>,
    coercions: validated.changes,
    span: call.span,
  };
  const hook = run.beforeToolCall;
  if (hook === undefined) return call.proceed(prepared);
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
    return call.proceed(hookFailed(prepared, run, error));
  }
  if (isPromiseLike(decision)) {
    if (call.holder !== undefined) {
      // Only `prepareToolCallHeld` passes one, and its `next` returns what it is given.
      call.holder.holdDecision(prepared, decision);
      return HELD as TResult;
    }
    return decideLater(call, prepared, decision);
  }
  return call.proceed(applyDecision(prepared, run, decision));
}

// Callbacks over captured values, not an async function: every call of a parallel batch waits
// here in turn, and a suspended async frame is the larger of the two. Apart from
// `runBeforeToolCall` so that a synchronous hook allocates no closure context.
function decideLater<TContext, TResult>(
  call: Preflight<TContext, TResult>,
  prepared: PreparedCall,
  decision: PromiseLike<unknown>,
): Promise<TResult> {
  const run = call.run;
  return Promise.resolve(decision).then(
    (value) => call.proceed(applyDecision(prepared, run, value)),
    (error: unknown) => call.proceed(hookFailed(prepared, run, error)),
  );
}

function hookFailed(prepared: PreparedCall, run: ToolRun, error: unknown): EndedCall {
  // The abort check after the hook comes first: a hook that threw because the run was aborted
  // (`signal.throwIfAborted()`) ends the call as aborted, like any other call of the run.
  if (run.signal?.aborted === true) return preflightSettled(prepared, "aborted", ABORTED_TEXT);
  return preflightSettled(prepared, "before_tool_call_error", describeThrown(error));
}

/** Reads the hook's `{ block, reason, terminate }` once; a throwing read is the hook's failure. */
function applyDecision(
  prepared: PreparedCall,
  run: ToolRun,
  decision: unknown,
): PreparedCall | EndedCall {
  if (run.signal?.aborted === true) return preflightSettled(prepared, "aborted", ABORTED_TEXT);
  if (typeof decision !== "object" || decision === null) return prepared;
  let block: unknown;
  let reason: unknown;
  let terminate: unknown;
  try {
    ({ block, reason, terminate } = decision as Record<string, unknown>);
  } catch (error) {
    return preflightSettled(prepared, "before_tool_call_error", describeThrown(error));
  }
  if (block !== true) return prepared;
  const text = typeof reason === "string" && reason !== "" ? reason : BLOCKED_TEXT;
  return preflightSettled(prepared, "blocked", text, terminate === true);
}

function preflightSettled(
  prepared: PreparedCall,
  errorType: ToolCallErrorType,
  text: string,
  terminate?: boolean,
): EndedCall {
  return settleInPreflight(prepared.toolCall, prepared.span, errorType, text, terminate);
}
