import type { CoercionChange, CompileOptions } from "@toolwright/schema-coerce";
import { getValidator } from "@toolwright/schema-coerce";
import type { Tool, ToolCall } from "@toolwright/tool-core";

// The options tool-core validates arguments with (SPEC §2), so the changes shown are the ones
// validation applied. Frozen once: `getValidator` caches per schema.
const ARGUMENT_OPTIONS: CompileOptions = Object.freeze({
  coerce: true,
  formats: true,
  unresolvedRefs: "reject",
  removeAdditional: true,
  parseJsonStrings: true,
});

/**
 * The coercions validation applies to `toolCall`'s arguments for `tool`. The executor's
 * `beforeToolCall` context has a `coercions` field, but `validateToolArguments` does not report
 * the changes of a *successful* validation yet, so the demo recomputes them with the same
 * compiler and options. Never throws: a schema or value it cannot handle gives `[]`.
 */
export function describeCoercions(tool: Tool, toolCall: ToolCall): readonly CoercionChange[] {
  try {
    const schema = tool.parameters ?? { type: "object" };
    const copy: unknown = JSON.parse(JSON.stringify(toolCall.arguments));
    const result = getValidator(schema, ARGUMENT_OPTIONS).parse(copy);
    return result.ok ? result.changes : [];
  } catch {
    return [];
  }
}
