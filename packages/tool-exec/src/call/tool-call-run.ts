/**
 * One call through the pipeline of SPEC §3.1, split in two halves so a parallel batch can run every
 * preflight in source order before any `execute`:
 *
 *   prepare():  1 abort? → 2 lookup → 3 prepareArguments → 4 validate → 5 beforeToolCall (→ abort?)
 *   execute():  abort? → seams → 6 execute (timer, timeout) → updates settled → output checks
 *               → 7 afterToolCall → render
 *
 * Each step may end the call with an error result that keeps the call's id and name. The class
 * holds the call's state as fields instead of closures, so the hot path allocates little.
 */
import type { Span } from "@opentelemetry/api";
import {
  resolveToolArguments,
  type Seam,
  type Tool,
  type ToolCall,
  ToolError,
  type ToolResult,
  type ToolUpdate,
} from "@toolwright/tool-core";
import { describeThrown } from "../describe-thrown";
import { isPromiseLike } from "../is-promise-like";
import { keepShapeAlive } from "../keep-shape-alive";
import { createErrorResult } from "./error-result";
import {
  ABORTED_TEXT,
  BLOCKED_TEXT,
  seamNotProvidedText,
  timeoutText,
  toolNotFoundText,
} from "./executor-texts";
import { finishExecutedCall } from "./finish-executed-call";
import type { BeforeToolCallResult, ToolArgumentCoercions } from "./hooks";
import { linkAbort } from "./link-abort";
import { raceTimeout } from "./race-timeout";
import { RunningToolContext, type ToolContextHost } from "./running-tool-context";
import type { ToolCallOutcome } from "./tool-call-outcome";
import { normalizeTimeout, ToolRun } from "./tool-run";
import { type ToolRunner, ToolRunnerSeam } from "./tool-runner-seam";
import { endToolSpan, runInSpan, startToolSpan } from "./trace-tool-call";

/** The state of one call in a run. Internal: the public API is `runToolCall` and the batch. */
export class ToolCallRun implements ToolContextHost {
  readonly toolCall: ToolCall;
  readonly run: ToolRun;
  /** Set once the call ended; final unless an end-event listener fails. */
  outcome: ToolCallOutcome | undefined = undefined;
  /** The validated params, once step 4 passed. */
  args: Readonly<Record<string, unknown>> | undefined = undefined;
  /** The tool, once step 2 found it. */
  tool: Tool | undefined = undefined;
  /** Scheduler state: the call's distinct lock keys, and how many key queues it waits in. */
  lockKeys: readonly string[] | undefined = undefined;
  blockedBy = 0;
  #span: Span | undefined = undefined;
  #acceptingUpdates = false;
  #pendingUpdates: Promise<void>[] | undefined = undefined;
  #updateFailure: { readonly error: unknown } | undefined = undefined;

  static {
    // See keep-shape-alive.ts: a batch's calls all die together, and so would their shape.
    const run = new ToolRun({ tools: [] }, undefined);
    keepShapeAlive(
      () => new ToolCallRun({ type: "toolCall", id: "", name: "", arguments: {} }, run),
    );
  }

  constructor(toolCall: ToolCall, run: ToolRun) {
    this.toolCall = toolCall;
    this.run = run;
  }

  /** The whole pipeline, for `runToolCall` and nested calls. */
  async runToCompletion(): Promise<ToolCallOutcome> {
    const prepared = this.prepare();
    if (prepared === true || (prepared !== false && (await prepared))) return this.execute();
    return this.outcome as ToolCallOutcome;
  }

  /**
   * Steps 1–5. Returns `true` when the call may execute, `false` when it ended (its `outcome` is
   * set); a promise of either only when `beforeToolCall` returned one.
   */
  prepare(): boolean | Promise<boolean> {
    this.#span = startToolSpan(this.toolCall);
    const { run, toolCall } = this;
    if (run.signal?.aborted === true) return this.fail("aborted", ABORTED_TEXT);
    const tool = run.registry.get(toolCall.name);
    if (tool === undefined) return this.fail("tool_not_found", toolNotFoundText(toolCall.name));
    this.tool = tool;
    let target = toolCall;
    if (tool.prepareArguments !== undefined) {
      try {
        const prepared = tool.prepareArguments(toolCall.arguments);
        target = { ...toolCall, arguments: prepared as ToolCall["arguments"] };
      } catch (error) {
        return this.fail("prepare_arguments_error", describeThrown(error));
      }
    }
    let args: Readonly<Record<string, unknown>>;
    let coercions: ToolArgumentCoercions;
    try {
      const resolved = resolveToolArguments(tool, target);
      args = resolved.params as Readonly<Record<string, unknown>>;
      coercions = resolved.changes;
    } catch (error) {
      return this.fail("invalid_arguments", describeThrown(error));
    }
    this.args = args;
    const hook = run.beforeToolCall;
    if (hook === undefined) return true;
    let decision: unknown;
    try {
      decision = hook({ toolCall, tool, args, coercions, context: run.context }, run.signalOrNever);
    } catch (error) {
      return this.fail("before_tool_call_error", describeThrown(error));
    }
    if (isPromiseLike(decision)) return this.#awaitDecision(decision);
    return this.#applyDecision(decision);
  }

  async #awaitDecision(pending: PromiseLike<unknown>): Promise<boolean> {
    let decision: unknown;
    try {
      decision = await pending;
    } catch (error) {
      return this.fail("before_tool_call_error", describeThrown(error));
    }
    return this.#applyDecision(decision);
  }

  #applyDecision(decision: unknown): boolean {
    if (typeof decision === "object" && decision !== null) {
      const { block, reason, terminate } = decision as BeforeToolCallResult;
      if (block === true) {
        const text = typeof reason === "string" && reason !== "" ? reason : BLOCKED_TEXT;
        return this.fail("blocked", text, terminate === true);
      }
    }
    if (this.run.signal?.aborted === true) return this.fail("aborted", ABORTED_TEXT);
    return true;
  }

  /**
   * Steps 6–7 for a prepared call. Never rejects. A call whose run aborted while it waited (for a
   * concurrency slot or a lock) ends as `Operation aborted` without executing.
   */
  async execute(): Promise<ToolCallOutcome> {
    const { run, toolCall } = this;
    const tool = this.tool as Tool;
    const args = this.args as Readonly<Record<string, unknown>>;
    if (run.signal?.aborted === true) return this.#failed("aborted", ABORTED_TEXT);
    const missingSeam = findMissingSeam(tool, run);
    if (missingSeam !== undefined) {
      return this.#failed("seam_not_provided", seamNotProvidedText(missingSeam.name));
    }
    const timeoutMs = normalizeTimeout(tool.timeoutMs) ?? run.timeoutMs;
    let controller: AbortController | undefined;
    let signal = run.signalOrNever;
    let unlink: (() => void) | undefined;
    if (timeoutMs !== undefined) {
      controller = new AbortController();
      signal = controller.signal;
      unlink = linkAbort(run.signal, controller);
    }
    const toolContext = new RunningToolContext(this, signal);
    let raw: unknown;
    let thrown: { readonly error: unknown } | undefined;
    let timedOut: { readonly settled: boolean } | undefined;
    this.#acceptingUpdates = true;
    const start = performance.now();
    try {
      const span = this.#span;
      const pending =
        span === undefined
          ? tool.execute(args, toolContext)
          : runInSpan(span, () => tool.execute(args, toolContext));
      if (timeoutMs === undefined) {
        raw = isPromiseLike(pending) ? await pending : pending;
      } else {
        const text = timeoutText(toolCall.name, timeoutMs, false);
        const raced = await raceTimeout(
          pending,
          timeoutMs,
          run.timeoutGraceMs,
          controller as AbortController,
          text,
        );
        if ("value" in raced) raw = raced.value;
        else timedOut = raced;
      }
    } catch (error) {
      thrown = { error };
    }
    const durationMs = Math.round(performance.now() - start);
    this.#acceptingUpdates = false;
    unlink?.();
    if (this.#pendingUpdates !== undefined) await Promise.all(this.#pendingUpdates);
    let result: ToolResult | undefined;
    let errorType: string | undefined;
    if (timedOut !== undefined) {
      result = createErrorResult(timeoutText(toolCall.name, timeoutMs as number, timedOut.settled));
      errorType = "timeout";
    } else if (thrown !== undefined) {
      result = createErrorResult(describeThrown(thrown.error));
      errorType = errorTypeOf(thrown.error);
    } else if (this.#updateFailure !== undefined) {
      result = createErrorResult(describeThrown(this.#updateFailure.error));
      errorType = "update_listener_error";
    }
    const finishing = finishExecutedCall(run, toolCall, tool, args, raw, result, errorType);
    const finished = isPromiseLike(finishing) ? await finishing : finishing;
    return this.#settle(finished.result, finished.errorType, durationMs);
  }

  /** Ends the call in preflight with an executor error result; returns `false` for `prepare`. */
  fail(errorType: string, text: string, terminate?: boolean): false {
    this.#settle(createErrorResult(text, terminate), errorType, undefined);
    return false;
  }

  /**
   * Turns an ended call into an executor error result with `text`, keeping `durationMs` (an end
   * listener failed after the span ended).
   */
  replaceWithError(text: string): void {
    const previous = this.outcome as ToolCallOutcome;
    const result = createErrorResult(text);
    this.outcome =
      previous.durationMs === undefined
        ? { toolCall: this.toolCall, result, isError: true }
        : { toolCall: this.toolCall, result, isError: true, durationMs: previous.durationMs };
  }

  #failed(errorType: string, text: string): ToolCallOutcome {
    return this.#settle(createErrorResult(text), errorType, undefined);
  }

  #settle(
    result: ToolResult,
    errorType: string | undefined,
    durationMs: number | undefined,
  ): ToolCallOutcome {
    const isError = result.isError === true;
    const outcome: ToolCallOutcome =
      durationMs === undefined
        ? { toolCall: this.toolCall, result, isError }
        : { toolCall: this.toolCall, result, isError, durationMs };
    this.outcome = outcome;
    const span = this.#span;
    if (span !== undefined) {
      this.#span = undefined;
      endToolSpan(span, isError ? (errorType ?? "tool_error") : undefined, firstText(result));
    }
    return outcome;
  }

  acceptUpdate(partial: ToolUpdate): void {
    if (!this.#acceptingUpdates) return;
    const listener = this.run.updateListener;
    if (listener === undefined) return;
    let returned: unknown;
    try {
      returned = listener(partial, this.toolCall);
    } catch (error) {
      this.#updateFailure ??= { error };
      return;
    }
    if (isPromiseLike(returned)) {
      this.#pendingUpdates ??= [];
      this.#pendingUpdates.push(
        Promise.resolve(returned).then(undefined, (error: unknown) => {
          this.#updateFailure ??= { error };
        }),
      );
    }
  }

  useSeam<T>(seam: Seam<T>, signal: AbortSignal): T {
    if (seam === (ToolRunnerSeam as Seam<unknown>)) return this.#createRunner(signal) as T;
    const seams = this.run.seams;
    if (seams?.has(seam) === true) return seams.get(seam) as T;
    throw new ToolError("SEAM_NOT_PROVIDED", seamNotProvidedText(seam.name));
  }

  #createRunner(signal: AbortSignal): ToolRunner {
    const nestedRun = this.run.nested(signal);
    return {
      runToolCall: (toolCall) => new ToolCallRun(toolCall, nestedRun).runToCompletion(),
    };
  }
}

function findMissingSeam(tool: Tool, run: ToolRun): Seam<unknown> | undefined {
  const declared = tool.seams;
  if (declared === undefined) return undefined;
  for (const seam of declared) {
    if (seam === (ToolRunnerSeam as Seam<unknown>)) continue;
    if (run.seams?.has(seam) !== true) return seam;
  }
  return undefined;
}

/** `error.type` for a thrown value: the error's class name, or `_OTHER` for non-errors. */
function errorTypeOf(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.name || "Error";
  return "_OTHER";
}

function firstText(result: ToolResult): string {
  const first = result.content[0];
  return first !== undefined && first.type === "text" ? first.text : "";
}
