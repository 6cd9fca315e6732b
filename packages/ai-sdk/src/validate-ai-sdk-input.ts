import {
  parseToolCallArguments,
  safeValidateToolArguments,
  type Tool,
  type ToolArgumentsResult,
  type ToolCall,
} from "@toolwright/tool-core";
import { describeThrown } from "@toolwright/tool-exec";
import { AiSdkAdapterError } from "./ai-sdk-adapter-error";
import type { AiSdkToolSetRun } from "./ai-sdk-tool-set-run";

/** The AI SDK's validation result (`jsonSchema(…, { validate })`). */
export type AiSdkValidationResult =
  | { readonly success: true; readonly value: Readonly<Record<string, unknown>> }
  | { readonly success: false; readonly error: Error };

/**
 * The AI SDK's input validation for a Toolwright tool: the tool's `prepareArguments` (if any),
 * then Toolwright's lossless repair and validation. A repaired value goes on as the tool's input
 * (remembered against the arguments as sent, so the pipeline sees the call as the model wrote
 * it); a failure's message is the one Toolwright gives the model — every issue by path, then the
 * arguments as received. Synchronous unless `prepareArguments` or a Standard Schema validates
 * asynchronously.
 */
export function validateAiSdkInput(
  tool: Tool,
  value: unknown,
  run: AiSdkToolSetRun,
): AiSdkValidationResult | Promise<AiSdkValidationResult> {
  const toolCall = toToolCall(tool.name, value);
  if (tool.prepareArguments === undefined || toolCall.argumentsError !== undefined) {
    return finish(safeValidateToolArguments(tool, toolCall), toolCall, run);
  }
  let prepared: unknown;
  try {
    prepared = tool.prepareArguments(toolCall.arguments);
  } catch (error) {
    return invalid(describeThrown(error), error);
  }
  if (!isPromiseLike(prepared)) {
    return finish(validatePrepared(tool, toolCall, prepared), toolCall, run);
  }
  return Promise.resolve(prepared).then(
    (resolved) => finish(validatePrepared(tool, toolCall, resolved), toolCall, run),
    (error: unknown) => invalid(describeThrown(error), error),
  );
}

/** A call with `value` as its arguments; a value that is not an object gets the usual error. */
function toToolCall(name: string, value: unknown): ToolCall {
  const base = { type: "toolCall", id: "validate", name } as const;
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    return { ...base, arguments: value as Readonly<Record<string, unknown>> };
  }
  return { ...base, ...parseToolCallArguments(JSON.stringify(value) ?? "") };
}

function validatePrepared(
  tool: Tool,
  toolCall: ToolCall,
  prepared: unknown,
): ToolArgumentsResult<unknown> | Promise<ToolArgumentsResult<unknown>> {
  return safeValidateToolArguments(tool, {
    ...toolCall,
    arguments: prepared as ToolCall["arguments"],
  });
}

function finish(
  result: ToolArgumentsResult<unknown> | Promise<ToolArgumentsResult<unknown>>,
  toolCall: ToolCall,
  run: AiSdkToolSetRun,
): AiSdkValidationResult | Promise<AiSdkValidationResult> {
  if (result instanceof Promise)
    return result.then((settled) => toValidation(settled, toolCall, run));
  return toValidation(result, toolCall, run);
}

function toValidation(
  result: ToolArgumentsResult<unknown>,
  toolCall: ToolCall,
  run: AiSdkToolSetRun,
): AiSdkValidationResult {
  if (!result.ok) return invalid(result.error.message, result.error);
  const params = result.params as Readonly<Record<string, unknown>>;
  if (typeof params === "object" && params !== null)
    run.rawArguments.set(params, toolCall.arguments);
  return { success: true, value: params };
}

/** The AI SDK quotes the error as `String(error)`: ours is the model-readable message alone. */
function invalid(message: string, cause: unknown): AiSdkValidationResult {
  return { success: false, error: new AiSdkAdapterError("INVALID_ARGUMENTS", message, { cause }) };
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}
