import {
  type CoercionChange,
  type CompiledSchema,
  formatIssuePath,
} from "@toolwright/schema-coerce";
import { copyJsonValue } from "./copy-json-value";
import type { Tool } from "./define-tool";
import { formatArgumentsFailure } from "./format-arguments-failure";
import { getArgumentValidator, resolveCoercionMode } from "./get-argument-validator";
import { runStandardValidation } from "./run-standard-validation";
import { isStandardSchema } from "./standard-schema";
import { ToolArgumentsError } from "./tool-arguments-error";
import type { SafeValidateToolArgumentsResult, ToolArgumentsResult } from "./tool-arguments-result";
import type { ToolCall } from "./tool-call";

/**
 * Turns a model's arguments into the validated params of `tool`, coercing the usual slips
 * (`"42"` → 42, `"true"` → true, one value → `[value]`, optional `null` → absent) on a private copy:
 * the call in the transcript is never modified, and the tool may mutate what it gets. For a
 * Standard Schema tool the library's own `validate` then runs on the coerced value, and `params`
 * is its output (refinements checked, transforms applied).
 *
 * Never throws: `{ ok: true, params, changes }`, or `{ ok: false, error }` whose
 * {@link ToolArgumentsError} message is written for the model — the arguments error of a call
 * whose text was not a JSON object, or every issue by dotted path followed by the arguments as
 * received. A tool whose schema cannot be used (not registered, and it does not compile or convert)
 * also ends as `ok: false`, the schema's error as `cause`.
 *
 * Synchronous for JSON Schema parameters and for Standard Schema libraries whose `validate`
 * answers synchronously (Zod, Valibot and ArkType without async refinements); a Promise of the
 * result only when the library's `validate` returns one. The return type says which for
 * JSON Schema tools.
 *
 * The coercion mode is the tool's own `coercion`, else `"lossless"`: a registry's `coercion` is
 * not seen here. To validate as a registry does, ask it (`registry.safeValidateArguments`).
 */
export function safeValidateToolArguments<TTool extends Tool>(
  tool: TTool,
  toolCall: ToolCall,
): SafeValidateToolArgumentsResult<TTool> {
  return safeValidateArgumentsWith(tool, toolCall, validatorOfTool);
}

function validatorOfTool(tool: Tool): CompiledSchema {
  return getArgumentValidator(tool, resolveCoercionMode(tool));
}

/**
 * {@link safeValidateToolArguments} with the compiled validator `validatorOf` gives for the tool
 * (a registry passes its own). `validatorOf` may throw: the result is then `ok: false`, the error
 * as `cause`.
 */
export function safeValidateArgumentsWith<TTool extends Tool>(
  tool: TTool,
  toolCall: ToolCall,
  validatorOf: (tool: Tool) => CompiledSchema,
): SafeValidateToolArgumentsResult<TTool> {
  let result: ToolArgumentsResult<unknown> | Promise<ToolArgumentsResult<unknown>>;
  try {
    result = validateArguments(tool, toolCall, validatorOf);
  } catch (error) {
    result = { ok: false, error: toArgumentsError(tool, error) };
  }
  return result as SafeValidateToolArgumentsResult<TTool>;
}

function validateArguments(
  tool: Tool,
  toolCall: ToolCall,
  validatorOf: (tool: Tool) => CompiledSchema,
): ToolArgumentsResult<unknown> | Promise<ToolArgumentsResult<unknown>> {
  if (toolCall.argumentsError !== undefined) {
    const message = `Invalid arguments for tool "${tool.name}": ${toolCall.argumentsError}`;
    return { ok: false, error: new ToolArgumentsError(message) };
  }
  const copied = copyJsonValue(toolCall.arguments);
  if (!copied.ok) {
    const { path, reason } = copied.failure;
    const issue = { path, keyword: "json", message: reason };
    const message = `Validation failed for tool "${tool.name}":\n  - ${formatIssuePath(path)}: ${reason}`;
    return { ok: false, error: new ToolArgumentsError(message, { issues: [issue] }) };
  }
  const validator = validatorOf(tool);
  const parsed = validator.parse(copied.value);
  if (!parsed.ok) {
    const message = formatArgumentsFailure(tool.name, parsed.errors, toolCall.arguments);
    const error = new ToolArgumentsError(message, {
      issues: parsed.errors,
      changes: parsed.changes,
    });
    return { ok: false, error };
  }
  const changes: readonly CoercionChange[] = parsed.changes;
  const { parameters } = tool;
  if (!isStandardSchema(parameters)) return { ok: true, params: parsed.value, changes };
  return runStandardValidation(tool, parameters, parsed.value, changes, toolCall);
}

function toArgumentsError(tool: Tool, error: unknown): ToolArgumentsError {
  if (ToolArgumentsError.isInstance(error)) return error;
  const reason = error instanceof Error ? error.message : describeThrown(error);
  return new ToolArgumentsError(`Invalid arguments for tool "${tool.name}": ${reason}`, {
    cause: error,
  });
}

function describeThrown(error: unknown): string {
  try {
    return String(error);
  } catch {
    return "a value that cannot be shown was thrown";
  }
}
