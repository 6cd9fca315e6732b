import { type CoercionChange, type SchemaIssue, toJsonPointer } from "@toolwright/schema-coerce";
import type { Tool } from "./define-tool";
import { formatArgumentsFailure } from "./format-arguments-failure";
import type { StandardSchema, StandardSchemaIssue, StandardSchemaResult } from "./standard-schema";
import { ToolArgumentsError } from "./tool-arguments-error";
import type { ToolArgumentsResult } from "./tool-arguments-result";
import type { ToolCall } from "./tool-call";

/**
 * Runs a Standard Schema library's own `validate` on arguments our JSON Schema pass already
 * coerced and accepted: refinements, transforms and brands are the library's, and `params` is its
 * output. Synchronous unless the library answers with a Promise. Never throws or rejects: a throw
 * inside the library, or a malformed answer, ends as `ok: false`.
 */
export function runStandardValidation(
  tool: Tool,
  schema: StandardSchema,
  value: unknown,
  changes: readonly CoercionChange[],
  toolCall: ToolCall,
): ToolArgumentsResult<unknown> | Promise<ToolArgumentsResult<unknown>> {
  const properties = schema["~standard"];
  const vendor = String(properties.vendor);
  let answer: StandardSchemaResult<unknown> | Promise<StandardSchemaResult<unknown>>;
  try {
    answer = properties.validate(value);
  } catch (error) {
    return { ok: false, error: libraryFailure(tool, vendor, error, changes) };
  }
  if (isPromiseLike(answer)) {
    return Promise.resolve(answer).then(
      (settled) => readAnswer(tool, vendor, settled, changes, toolCall),
      (error: unknown) => ({ ok: false, error: libraryFailure(tool, vendor, error, changes) }),
    );
  }
  return readAnswer(tool, vendor, answer, changes, toolCall);
}

function readAnswer(
  tool: Tool,
  vendor: string,
  answer: StandardSchemaResult<unknown>,
  changes: readonly CoercionChange[],
  toolCall: ToolCall,
): ToolArgumentsResult<unknown> {
  try {
    if (typeof answer !== "object" || answer === null) {
      throw new TypeError(`its validate returned ${answer === null ? "null" : typeof answer}`);
    }
    const { issues } = answer;
    if (issues === undefined || issues === null) {
      return { ok: true, params: (answer as { value: unknown }).value, changes };
    }
    if (!Array.isArray(issues))
      throw new TypeError("its validate returned issues that are not a list");
    const schemaIssues = issues.map((issue: StandardSchemaIssue) => toSchemaIssue(issue, vendor));
    const message = formatArgumentsFailure(tool.name, schemaIssues, toolCall.arguments);
    return { ok: false, error: new ToolArgumentsError(message, { issues: schemaIssues, changes }) };
  } catch (error) {
    return { ok: false, error: libraryFailure(tool, vendor, error, changes) };
  }
}

/** A library's issue as ours: a JSON Pointer path, the vendor as keyword, its message as is. */
function toSchemaIssue(issue: StandardSchemaIssue, vendor: string): SchemaIssue {
  let path = "";
  for (const segment of issue.path ?? []) {
    const key = typeof segment === "object" && segment !== null ? segment.key : segment;
    path += toJsonPointer([typeof key === "number" ? key : String(key)]);
  }
  return { path, keyword: vendor, message: String(issue.message) };
}

function libraryFailure(
  tool: Tool,
  vendor: string,
  error: unknown,
  changes: readonly CoercionChange[],
): ToolArgumentsError {
  const reason = error instanceof Error ? error.message : "it threw a non-error value";
  return new ToolArgumentsError(
    `Invalid arguments for tool "${tool.name}": the ${vendor} schema failed while validating them: ${reason}`,
    { cause: error, changes },
  );
}

function isPromiseLike(value: unknown): value is PromiseLike<StandardSchemaResult<unknown>> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}
