import {
  type Tool,
  type ToolContent,
  type ToolResult,
  validateToolOutput,
} from "@toolwright/tool-core";
import { describeThrown } from "../describe-thrown";
import { isPromiseLike } from "../maybe-async";
import { readResultFields, readToolContent, readToolResult } from "../model/read-tool-result";
import type { ToolCallErrorType } from "../model/tool-call-error-type";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import { applyAfterToolCall } from "./apply-after-tool-call";
import type { CallFrame, FrameStep, PendingPatch } from "./call-frame";
import { createErrorResult } from "./error-result";
import { invalidHookResultText, invalidResultText } from "./executor-texts";
import { settleCall } from "./settle-call";

/**
 * What happens after `execute` settled: the returned value is read once and checked (a result
 * tool's result shape and `structuredContent` against `outputSchema`; a value tool's value against
 * `output.schema`), `afterToolCall` replaces fields, and a value tool's final value is rendered
 * into `content`. `failed` is the error result when `execute` threw, timed out or an update
 * listener failed; the hook still sees it. The frame's `dropped` is a dispatched call's note of the
 * result fields its worker sent as `null`; the outcome keeps the ones the final result still has as
 * `null`. Returns the call's outcome (its span ended); when the hook returns a promise, returns
 * `undefined` and the frame waits, then hands the outcome to its caller.
 */
export function runAfterToolCall(
  frame: CallFrame,
  raw: unknown,
  failed: ToolResult | undefined,
  failedErrorType: ToolCallErrorType | undefined,
): ToolCallOutcome | undefined {
  const { tool, run } = frame;
  let result: ToolResult;
  let errorType = failedErrorType;
  let renderValue = false;
  if (failed !== undefined) {
    result = failed;
  } else if (tool.output !== undefined) {
    const check = checkOutput(tool, raw);
    if (check === undefined) {
      result = { content: [], structuredContent: raw };
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
    return complete(frame, result, renderValue, errorType);
  }
  let patch: unknown;
  try {
    patch = hook(
      {
        toolCall: frame.toolCall,
        tool,
        args: frame.args,
        result,
        isError: result.isError === true,
        context: run.context,
        assistantMessage: run.assistantMessage,
      },
      run.signalOrNever,
    );
  } catch (error) {
    return hookFailed(frame, error);
  }
  if (isPromiseLike(patch)) {
    // One record for the wait: the result the hook saw.
    frame.patch = { result, renderValue, errorType };
    frame.waitFor(patch, AFTER_AFTER_TOOL_CALL);
    return undefined;
  }
  return applyPatch(frame, result, renderValue, errorType, patch);
}

/** A call whose asynchronous `afterToolCall` fulfilled with `value`. */
const AFTER_AFTER_TOOL_CALL: FrameStep = { resume: patched, fail: patchFailed };

function patched(frame: CallFrame, value: unknown): void {
  const { result, renderValue, errorType } = frame.patch as PendingPatch;
  frame.patch = undefined;
  frame.deliver(applyPatch(frame, result, renderValue, errorType, value));
}

/** A call whose asynchronous `afterToolCall` rejected with `error`. */
function patchFailed(frame: CallFrame, error: unknown): void {
  frame.patch = undefined;
  frame.deliver(hookFailed(frame, error));
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
  frame: CallFrame,
  result: ToolResult,
  errorType: ToolCallErrorType | undefined,
): ToolCallOutcome {
  const { toolCall, span } = frame;
  const outcome = settleCall(toolCall, span, result, errorType, frame.timing);
  const dropped = frame.dropped?.filter((field) => result[field] === null);
  return dropped === undefined || dropped.length === 0 ? outcome : { ...outcome, dropped };
}

function fail(frame: CallFrame, text: string, errorType: ToolCallErrorType): ToolCallOutcome {
  return settle(frame, createErrorResult(text), errorType);
}

function hookFailed(frame: CallFrame, error: unknown): ToolCallOutcome {
  return fail(frame, describeThrown(error), "after_tool_call_error");
}

function hookResultInvalid(frame: CallFrame, problem: string): ToolCallOutcome {
  const text = invalidHookResultText(frame.tool.name, problem);
  return fail(frame, text, "after_tool_call_error");
}

function applyPatch(
  frame: CallFrame,
  result: ToolResult,
  renderValue: boolean,
  errorType: ToolCallErrorType | undefined,
  patch: unknown,
): ToolCallOutcome {
  if (typeof patch !== "object" || patch === null) {
    return complete(frame, result, renderValue, errorType);
  }
  const tool = frame.tool;
  const fields = readResultFields(patch);
  if (typeof fields === "string") return hookResultInvalid(frame, fields);
  let checked = fields;
  if (fields.content !== undefined) {
    const content = readToolContent(fields.content);
    if (typeof content === "string") return hookResultInvalid(frame, content);
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
      if (check !== undefined) return fail(frame, check.text, "after_tool_call_error");
    }
  }
  return complete(frame, merged, render, errorType);
}

function complete(
  frame: CallFrame,
  result: ToolResult,
  renderValue: boolean,
  errorType: ToolCallErrorType | undefined,
): ToolCallOutcome {
  const tool = frame.tool;
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
      return fail(frame, describeThrown(error), "render_error");
    }
    if (typeof content === "string") {
      return fail(frame, `render of tool ${tool.name} returned invalid ${content}`, "render_error");
    }
    final = { ...result, content };
  }
  return settle(frame, final, errorType);
}
