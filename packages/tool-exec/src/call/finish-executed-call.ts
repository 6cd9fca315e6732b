import {
  type Tool,
  type ToolContent,
  type ToolResult,
  validateToolOutput,
} from "@toolwright/tool-core";
import { describeThrown } from "../describe-thrown";
import { isPromiseLike, type MaybePromise } from "../maybe-async";
import { applyAfterToolCall } from "./apply-after-tool-call";
import { createErrorResult } from "./error-result";
import { invalidHookResultText, invalidResultText } from "./executor-texts";
import type { PreparedCall } from "./prepared-call";
import { readResultFields, readToolContent, readToolResult } from "./read-tool-result";
import type { ToolCallErrorType } from "./tool-call-error-type";
import type { ToolRun } from "./tool-run";

/** A call's final result and, when it failed, why. */
export interface FinishedCall {
  readonly result: ToolResult;
  readonly errorType: ToolCallErrorType | undefined;
}

const NOT_RENDERED: readonly ToolContent[] = Object.freeze([]);

/**
 * What happens after `execute` settled: the returned value is read once and checked (a result
 * tool's result shape and `structuredContent` against `outputSchema`; a value tool's value against
 * `output.schema`), `afterToolCall` replaces fields, and a value tool's final value is rendered
 * into `content`. `failed` is the error result when `execute` threw, timed out or an update
 * listener failed; the hook still sees it. Synchronous unless the hook returns a promise.
 */
export function finishExecutedCall(
  run: ToolRun,
  prepared: PreparedCall,
  raw: unknown,
  failed: ToolResult | undefined,
  failedErrorType: ToolCallErrorType | undefined,
): MaybePromise<FinishedCall> {
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
  if (hook === undefined) return complete(tool, result, renderValue, errorType);
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
    return hookFailed(error);
  }
  if (isPromiseLike(patch)) {
    return Promise.resolve(patch).then(
      (awaited) => applyPatch(tool, result, renderValue, errorType, awaited),
      hookFailed,
    );
  }
  return applyPatch(tool, result, renderValue, errorType, patch);
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

function hookFailed(error: unknown): FinishedCall {
  return { result: createErrorResult(describeThrown(error)), errorType: "after_tool_call_error" };
}

function hookResultInvalid(tool: Tool, problem: string): FinishedCall {
  return {
    result: createErrorResult(invalidHookResultText(tool.name, problem)),
    errorType: "after_tool_call_error",
  };
}

function applyPatch(
  tool: Tool,
  result: ToolResult,
  renderValue: boolean,
  errorType: ToolCallErrorType | undefined,
  patch: unknown,
): FinishedCall {
  if (typeof patch !== "object" || patch === null) {
    return complete(tool, result, renderValue, errorType);
  }
  const fields = readResultFields(patch);
  if (typeof fields === "string") return hookResultInvalid(tool, fields);
  let checked = fields;
  if (fields.content !== undefined) {
    const content = readToolContent(fields.content);
    if (typeof content === "string") return hookResultInvalid(tool, content);
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
      if (check !== undefined) {
        return { result: createErrorResult(check.text), errorType: "after_tool_call_error" };
      }
    }
  }
  return complete(tool, merged, render, errorType);
}

function complete(
  tool: Tool,
  result: ToolResult,
  renderValue: boolean,
  errorType: ToolCallErrorType | undefined,
): FinishedCall {
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
      return { result: createErrorResult(describeThrown(error)), errorType: "render_error" };
    }
    if (typeof content === "string") {
      return {
        result: createErrorResult(`render of tool ${tool.name} returned invalid ${content}`),
        errorType: "render_error",
      };
    }
    final = { ...result, content };
  }
  return {
    result: final,
    errorType: final.isError === true ? (errorType ?? "tool_error") : undefined,
  };
}
