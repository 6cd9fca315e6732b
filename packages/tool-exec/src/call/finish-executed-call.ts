import {
  type Tool,
  type ToolContent,
  type ToolResult,
  validateToolOutput,
} from "@toolwright/tool-core";
import { describeThrown } from "../describe-thrown";
import { isPromiseLike } from "../maybe-async";
import { readResultFields, readToolContent, readToolResult } from "../model/read-tool-result";
import type { DroppedResultField } from "../model/suspended-batch";
import type { ToolCallErrorType } from "../model/tool-call-error-type";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import { applyAfterToolCall } from "./apply-after-tool-call";
import { createErrorResult } from "./error-result";
import { invalidHookResultText, invalidResultText } from "./executor-texts";
import type { OutcomeCallback } from "./outcome-callback";
import type { PreparedCall } from "./prepared-call";
import { settleCall } from "./settle-call";
import type { ToolRun } from "./tool-run";

/** What the steps after `execute` carry along to settle the call. */
export interface Finishing {
  readonly prepared: PreparedCall;
  readonly durationMs: number;
  /** A dispatched call's `dropped` note (SPEC §12), kept for the fields still `null` at the end. */
  readonly dropped: readonly DroppedResultField[] | undefined;
}

const NOT_RENDERED: readonly ToolContent[] = Object.freeze([]);

/**
 * What a call waiting for its asynchronous `afterToolCall` keeps until the hook settled: its
 * {@link Finishing} and the result the hook saw, in one record.
 */
export interface PendingPatch extends Finishing {
  readonly result: ToolResult;
  readonly renderValue: boolean;
  readonly errorType: ToolCallErrorType | undefined;
}

/**
 * Waits for an asynchronous `afterToolCall` on a call's behalf, with reactions it already has
 * (see `ExecutingCall`), and then hands the hook's value to {@link applyPendingPatch} or its
 * failure to {@link failPendingPatch}. **Contract:** must not throw; settles the call exactly once.
 */
export interface PatchWaiter {
  waitForPatch(patch: PromiseLike<unknown>, pending: PendingPatch): void;
}

/** The outcome of a call whose asynchronous `afterToolCall` fulfilled with `value`. */
export function applyPendingPatch(pending: PendingPatch, value: unknown): ToolCallOutcome {
  return applyPatch(pending, pending.result, pending.renderValue, pending.errorType, value);
}

/** The outcome of a call whose asynchronous `afterToolCall` rejected with `error`. */
export function failPendingPatch(pending: PendingPatch, error: unknown): ToolCallOutcome {
  return hookFailed(pending, error);
}

/**
 * What happens after `execute` settled: the returned value is read once and checked (a result
 * tool's result shape and `structuredContent` against `outputSchema`; a value tool's value against
 * `output.schema`), `afterToolCall` replaces fields, and a value tool's final value is rendered
 * into `content`. `failed` is the error result when `execute` threw, timed out or an update
 * listener failed; the hook still sees it. `dropped` is a dispatched call's note of the result fields
 * its worker sent as `null`; the outcome keeps the ones the final result still has as `null`.
 * Returns the call's outcome (its span ended); when the hook returns a promise, returns `undefined`
 * and hands the outcome to `done` instead — through `waiter`, when the caller has one.
 */
export function finishExecutedCall<TToken>(
  run: ToolRun,
  prepared: PreparedCall,
  raw: unknown,
  failed: ToolResult | undefined,
  failedErrorType: ToolCallErrorType | undefined,
  durationMs: number,
  dropped: readonly DroppedResultField[] | undefined,
  done: OutcomeCallback<TToken>,
  token: TToken,
  waiter?: PatchWaiter,
): ToolCallOutcome | undefined {
  const { tool } = prepared;
  let result: ToolResult;
  let errorType = failedErrorType;
  let renderValue = false;
  if (failed !== undefined) {
    result = failed;
  } else if (tool.output !== undefined) {
    const check = checkOutput(tool, raw);
    if (check === undefined) {
      result = { content: NOT_RENDERED, structuredContent: raw };
      renderValue = true;
    } else {
      result = createErrorResult(check.text);
      errorType = check.errorType;
    }
  } else {
    const read = readToolResult(raw);
    if (typeof read === "string") {
      result = createErrorResult(invalidResultText(tool.name, read));
      errorType = "invalid_result";
    } else {
      result = read;
      if (
        tool.outputSchema !== undefined &&
        read.structuredContent !== undefined &&
        read.isError !== true
      ) {
        const check = checkOutput(tool, read.structuredContent);
        if (check !== undefined) {
          result = createErrorResult(check.text);
          errorType = check.errorType;
        }
      }
    }
  }
  const hook = run.afterToolCall;
  if (hook === undefined) {
    return complete({ prepared, durationMs, dropped }, result, renderValue, errorType);
  }
  let patch: unknown;
  try {
    patch = hook(
      {
        toolCall: prepared.toolCall,
        tool,
        args: prepared.args,
        result,
        isError: result.isError === true,
        context: run.context,
        assistantMessage: run.assistantMessage,
      },
      run.signalOrNever,
    );
  } catch (error) {
    return hookFailed({ prepared, durationMs, dropped }, error);
  }
  if (isPromiseLike(patch)) {
    // One record for the wait: the call's finishing state and the result the hook saw.
    const pending: PendingPatch = { prepared, durationMs, dropped, result, renderValue, errorType };
    if (waiter !== undefined) waiter.waitForPatch(patch, pending);
    else waitForPatch(patch, pending, done, token);
    return undefined;
  }
  return applyPatch({ prepared, durationMs, dropped }, result, renderValue, errorType, patch);
}

/** Waits for an asynchronous `afterToolCall` with reactions of its own (a call with no waiter). */
function waitForPatch<TToken>(
  patch: PromiseLike<unknown>,
  pending: PendingPatch,
  done: OutcomeCallback<TToken>,
  token: TToken,
): void {
  Promise.resolve(patch).then(
    (awaited) => done(token, applyPendingPatch(pending, awaited)),
    (error: unknown) => done(token, failPendingPatch(pending, error)),
  );
}

/** Validates a value against the tool's output schema; a value that throws while read is invalid. */
function checkOutput(
  tool: Tool,
  value: unknown,
): { readonly text: string; readonly errorType: ToolCallErrorType } | undefined {
  try {
    const check = validateToolOutput(tool, value);
    return check.ok ? undefined : { text: check.message, errorType: "invalid_output" };
  } catch (error) {
    const reason = `reading it threw: ${describeThrown(error)}`;
    return { text: invalidResultText(tool.name, reason), errorType: "invalid_result" };
  }
}

function settle(
  finishing: Finishing,
  result: ToolResult,
  errorType: ToolCallErrorType | undefined,
): ToolCallOutcome {
  const { prepared, durationMs } = finishing;
  const outcome = settleCall(prepared.toolCall, prepared.span, result, errorType, durationMs);
  const dropped = finishing.dropped?.filter((field) => result[field] === null);
  return dropped === undefined || dropped.length === 0 ? outcome : { ...outcome, dropped };
}

function fail(finishing: Finishing, text: string, errorType: ToolCallErrorType): ToolCallOutcome {
  return settle(finishing, createErrorResult(text), errorType);
}

function hookFailed(finishing: Finishing, error: unknown): ToolCallOutcome {
  return fail(finishing, describeThrown(error), "after_tool_call_error");
}

function hookResultInvalid(finishing: Finishing, problem: string): ToolCallOutcome {
  const text = invalidHookResultText(finishing.prepared.tool.name, problem);
  return fail(finishing, text, "after_tool_call_error");
}

function applyPatch(
  finishing: Finishing,
  result: ToolResult,
  renderValue: boolean,
  errorType: ToolCallErrorType | undefined,
  patch: unknown,
): ToolCallOutcome {
  if (typeof patch !== "object" || patch === null) {
    return complete(finishing, result, renderValue, errorType);
  }
  const tool = finishing.prepared.tool;
  const fields = readResultFields(patch);
  if (typeof fields === "string") return hookResultInvalid(finishing, fields);
  let checked = fields;
  if (fields.content !== undefined) {
    const content = readToolContent(fields.content);
    if (typeof content === "string") return hookResultInvalid(finishing, content);
    checked = { ...fields, content };
  }
  const merged = applyAfterToolCall(result, checked);
  let render = renderValue;
  if (render) {
    if (checked.content !== undefined) {
      // The hook wrote the text itself; there is nothing left to render.
      render = false;
    } else if (checked.structuredContent !== undefined) {
      // `render` relies on the schema, so a rewritten value is held to it too.
      const check = checkOutput(tool, merged.structuredContent);
      if (check !== undefined) return fail(finishing, check.text, "after_tool_call_error");
    }
  }
  return complete(finishing, merged, render, errorType);
}

function complete(
  finishing: Finishing,
  result: ToolResult,
  renderValue: boolean,
  errorType: ToolCallErrorType | undefined,
): ToolCallOutcome {
  const tool = finishing.prepared.tool;
  let final = result;
  if (renderValue && tool.output !== undefined) {
    let content: readonly ToolContent[] | string;
    try {
      const rendered: unknown = tool.output.render(result.structuredContent);
      content =
        typeof rendered === "string"
          ? [{ type: "text", text: rendered }]
          : readToolContent(rendered);
    } catch (error) {
      return fail(finishing, describeThrown(error), "render_error");
    }
    if (typeof content === "string") {
      return fail(
        finishing,
        `render of tool ${tool.name} returned invalid ${content}`,
        "render_error",
      );
    }
    final = { ...result, content };
  }
  return settle(finishing, final, errorType);
}
