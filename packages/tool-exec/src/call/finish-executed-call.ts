import {
  type Tool,
  type ToolCall,
  type ToolContent,
  type ToolResult,
  validateToolOutput,
} from "@toolwright/tool-core";
import { describeThrown } from "../describe-thrown";
import { isPromiseLike } from "../is-promise-like";
import { applyAfterToolCall } from "./apply-after-tool-call";
import { checkToolContent, checkToolResult } from "./check-tool-content";
import { createErrorResult } from "./error-result";
import { invalidHookResultText, invalidResultText } from "./executor-texts";
import type { AfterToolCallResult } from "./hooks";
import type { ToolRun } from "./tool-run";

/** A call's final result and, when it failed, the `error.type` for its span. */
export interface FinishedCall {
  readonly result: ToolResult;
  readonly errorType: string | undefined;
}

const NOT_RENDERED: readonly ToolContent[] = Object.freeze([]);

/**
 * What happens after `execute` settled: the returned value is checked (a result tool's result
 * shape and `structuredContent` against `outputSchema`; a value tool's value against
 * `output.schema`), `afterToolCall` replaces fields, and a value tool's final value is rendered
 * into `content`. `failed` is the error result when `execute` threw, timed out or an update
 * listener failed; the hook still sees it. Synchronous unless the hook returns a promise.
 */
export function finishExecutedCall(
  run: ToolRun,
  toolCall: ToolCall,
  tool: Tool,
  args: Readonly<Record<string, unknown>>,
  raw: unknown,
  failed: ToolResult | undefined,
  failedErrorType: string | undefined,
): FinishedCall | Promise<FinishedCall> {
  let result: ToolResult;
  let errorType = failedErrorType;
  let renderValue = false;
  if (failed !== undefined) {
    result = failed;
  } else if (tool.output !== undefined) {
    const check = validateToolOutput(tool, raw);
    if (check.ok) {
      result = { content: NOT_RENDERED, structuredContent: raw };
      renderValue = true;
    } else {
      result = createErrorResult(check.message);
      errorType = "invalid_output";
    }
  } else {
    const problem = checkToolResult(raw);
    if (problem !== undefined) {
      result = createErrorResult(invalidResultText(tool.name, problem));
      errorType = "invalid_result";
    } else {
      result = raw as ToolResult;
      if (
        tool.outputSchema !== undefined &&
        result.structuredContent !== undefined &&
        result.isError !== true
      ) {
        const check = validateToolOutput(tool, result.structuredContent);
        if (!check.ok) {
          result = createErrorResult(check.message);
          errorType = "invalid_output";
        }
      }
    }
  }
  const hook = run.afterToolCall;
  if (hook === undefined) return complete(tool, result, renderValue, errorType);
  let patch: unknown;
  try {
    patch = hook(
      { toolCall, tool, args, result, isError: result.isError === true, context: run.context },
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

function hookFailed(error: unknown): FinishedCall {
  return { result: createErrorResult(describeThrown(error)), errorType: "after_tool_call_error" };
}

function applyPatch(
  tool: Tool,
  result: ToolResult,
  renderValue: boolean,
  errorType: string | undefined,
  patch: unknown,
): FinishedCall {
  if (typeof patch !== "object" || patch === null) {
    return complete(tool, result, renderValue, errorType);
  }
  const merged = applyAfterToolCall(result, patch);
  const problem = checkToolContent(merged.content);
  if (problem !== undefined) {
    return {
      result: createErrorResult(invalidHookResultText(tool.name, problem)),
      errorType: "after_tool_call_error",
    };
  }
  let render = renderValue;
  if (render) {
    const fields = patch as AfterToolCallResult;
    if (fields.content !== undefined) {
      // The hook wrote the text itself; there is nothing left to render.
      render = false;
    } else if (fields.structuredContent !== undefined) {
      // `render` relies on the schema, so a rewritten value is held to it too.
      const check = validateToolOutput(tool, merged.structuredContent);
      if (!check.ok) {
        return { result: createErrorResult(check.message), errorType: "after_tool_call_error" };
      }
    }
  }
  return complete(tool, merged, render, errorType);
}

function complete(
  tool: Tool,
  result: ToolResult,
  renderValue: boolean,
  errorType: string | undefined,
): FinishedCall {
  let final = result;
  if (renderValue && tool.output !== undefined) {
    try {
      const rendered = tool.output.render(result.structuredContent);
      const content: readonly ToolContent[] =
        typeof rendered === "string" ? [{ type: "text", text: rendered }] : rendered;
      const problem = checkToolContent(content);
      if (problem !== undefined) {
        return {
          result: createErrorResult(`render of tool ${tool.name} returned invalid ${problem}`),
          errorType: "render_error",
        };
      }
      final = { ...result, content };
    } catch (error) {
      return { result: createErrorResult(describeThrown(error)), errorType: "render_error" };
    }
  }
  return {
    result: final,
    errorType: final.isError === true ? (errorType ?? "tool_error") : undefined,
  };
}
