import { formatIssuePath, type SchemaIssue } from "@toolwright/schema-coerce";

/**
 * The model-readable message of a validation failure, SPEC §2 exactly: one line per issue by
 * dotted path, then the arguments as the model sent them.
 */
export function formatArgumentsFailure(
  toolName: string,
  issues: readonly SchemaIssue[],
  receivedArguments: unknown,
): string {
  const lines = issues.map((issue) => `  - ${formatIssuePath(issue.path)}: ${issue.message}`);
  return `Validation failed for tool "${toolName}":\n${lines.join("\n")}\n\nReceived arguments:\n${stringifyArguments(receivedArguments)}`;
}

function stringifyArguments(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    // A cycle, a bigint or a throwing getter: show what can be shown, never throw.
    try {
      return String(value);
    } catch {
      return "(the arguments cannot be shown)";
    }
  }
}
