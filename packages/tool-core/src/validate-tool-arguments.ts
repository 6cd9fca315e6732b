import { type CoercionChange, formatIssuePath } from "@toolwright/schema-coerce";
import { copyJsonValue } from "./copy-json-value";
import type { Tool, ToolParamsOf } from "./define-tool";
import { getArgumentValidator } from "./get-argument-validator";
import { ToolArgumentsError } from "./tool-arguments-error";
import type { ToolCall } from "./tool-call";

/**
 * Turns a model's arguments into the validated params of `tool`, coercing the usual slips
 * (`"42"` → 42, `"true"` → true, one value → `[value]`, optional `null` → absent). Works on a copy:
 * the call in the transcript is never modified, and the tool may mutate what it gets.
 *
 * Throws a {@link ToolArgumentsError} whose message is written for the model: the arguments error
 * of a call whose text was not a JSON object, or every validation issue by dotted path followed by
 * the arguments as received.
 */
export function validateToolArguments<TTool extends Tool>(
  tool: TTool,
  toolCall: ToolCall,
): ToolParamsOf<TTool> {
  return resolveToolArguments(tool, toolCall).params;
}

/** What {@link resolveToolArguments} returns. */
export interface ResolvedToolArguments<TParams> {
  /** The validated, coerced params: a private copy. */
  readonly params: TParams;
  /** Each coercion applied to get them (`[]` when the arguments were valid as written). */
  readonly changes: readonly CoercionChange[];
}

/**
 * {@link validateToolArguments}, also returning the coercions it applied — for executors and
 * hooks that show or log what was fixed. Throws exactly as `validateToolArguments` does.
 */
export function resolveToolArguments<TTool extends Tool>(
  tool: TTool,
  toolCall: ToolCall,
): ResolvedToolArguments<ToolParamsOf<TTool>> {
  if (toolCall.argumentsError !== undefined) {
    throw new ToolArgumentsError(
      `Invalid arguments for tool "${tool.name}": ${toolCall.argumentsError}`,
    );
  }
  const copied = copyJsonValue(toolCall.arguments);
  if (!copied.ok) {
    const { path, reason } = copied.failure;
    const issue = { path, keyword: "json", message: reason };
    throw new ToolArgumentsError(
      `Validation failed for tool "${tool.name}":\n  - ${formatIssuePath(path)}: ${reason}`,
      { issues: [issue] },
    );
  }
  const validator = getArgumentValidator(tool);
  const result = validator.parse(copied.value);
  if (result.ok) return { params: result.value as ToolParamsOf<TTool>, changes: result.changes };
  const lines = result.errors.map(
    (issue) => `  - ${formatIssuePath(issue.path)}: ${issue.message}`,
  );
  throw new ToolArgumentsError(
    `Validation failed for tool "${tool.name}":\n${lines.join("\n")}\n\nReceived arguments:\n${stringifyArguments(toolCall.arguments)}`,
    { issues: result.errors, changes: result.changes },
  );
}

function stringifyArguments(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}
