import { copyJsonValue, type JsonValue, type Tool } from "@toolwright/tool-core";
import type { ToolDispatchResult } from "@toolwright/tool-exec";

type DroppedField = "details" | "structuredContent" | "usage";
const DROPPABLE_FIELDS: readonly DroppedField[] = ["details", "structuredContent", "usage"];

/**
 * What a worker sends back for the value `execute` returned. The value must travel as JSON, so it
 * goes through tool-core's JSON copier. A result tool's `details`, `structuredContent` or `usage`
 * that is not JSON (a class instance, a function, a cycle) is sent as `null` and named in
 * `dropped` — the rule a suspended batch and the journal use — so one UI-only field cannot cost the
 * model its result. Anything else that is not JSON (the content, a value tool's output) is a
 * `threw` result with `errorType: "invalid_result"` naming the place.
 */
export function toDispatchResult(tool: Tool, returned: unknown): ToolDispatchResult {
  const copied = copyJsonValue(returned === undefined ? null : returned);
  if (copied.ok) return { status: "returned", value: copied.value as JsonValue };
  const isResultTool = tool.output === undefined;
  if (isResultTool && typeof returned === "object" && returned !== null) {
    // No prototype: a key "__proto__" from the tool stays a plain field.
    const fields: Record<string, unknown> = Object.create(null);
    const dropped: DroppedField[] = [];
    for (const [name, field] of Object.entries(returned)) {
      const copiedField = copyJsonValue(field);
      if (copiedField.ok) fields[name] = copiedField.value;
      else if ((DROPPABLE_FIELDS as readonly string[]).includes(name)) {
        fields[name] = null;
        dropped.push(name as DroppedField);
      } else
        return invalid(tool, `/${name}${copiedField.failure.path}`, copiedField.failure.reason);
    }
    return { status: "returned", value: fields as JsonValue, dropped };
  }
  return invalid(tool, copied.failure.path, copied.failure.reason);
}

function invalid(tool: Tool, path: string, reason: string): ToolDispatchResult {
  const where = path === "" ? "" : ` at ${path}`;
  return {
    status: "threw",
    message: `Tool ${tool.name} returned a value that cannot be sent back from the worker${where}: ${reason}`,
    errorType: "invalid_result",
  };
}
