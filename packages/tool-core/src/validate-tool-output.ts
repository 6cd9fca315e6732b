import {
  formatIssuePath,
  getValidator,
  type JsonSchemaObject,
  type SchemaIssue,
} from "@toolwright/schema-coerce";
import type { Tool } from "./define-tool";
import { TOOL_OUTPUT_OPTIONS } from "./tool-argument-options";

/** What {@link validateToolOutput} returns. */
export type ToolOutputValidation =
  | { readonly ok: true }
  | { readonly ok: false; readonly message: string; readonly issues: readonly SchemaIssue[] };

/**
 * Checks a value a tool produced against its output schema (`output.schema`, else
 * `outputSchema`), as given — no coercion: a tool's own output has no excuse. A tool without an
 * output schema always passes. The failure message names every issue by dotted path, for the model.
 * Objects are judged as the schema says: one that leaves `additionalProperties` unset accepts extra
 * keys. Never throws for a registered tool; for one never registered, a schema that does not
 * compile throws the compiler's `SchemaError`.
 */
export function validateToolOutput(tool: Tool, value: unknown): ToolOutputValidation {
  const schema = tool.output !== undefined ? tool.output.schema : tool.outputSchema;
  if (schema === undefined) return { ok: true };
  const validator = getValidator(schema as JsonSchemaObject, TOOL_OUTPUT_OPTIONS);
  if (validator.check(value)) return { ok: true };
  const issues = validator.errors(value);
  const lines = issues.map((issue) => `  - ${formatIssuePath(issue.path)}: ${issue.message}`);
  return {
    ok: false,
    message: `Output of tool "${tool.name}" does not match its schema:\n${lines.join("\n")}`,
    issues,
  };
}
