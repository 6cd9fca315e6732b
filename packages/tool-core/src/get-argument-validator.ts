import { type CompiledSchema, getValidator } from "@toolwright/schema-coerce";
import type { Tool } from "./define-tool";
import { DEFAULT_PARAMETERS, TOOL_ARGUMENT_OPTIONS } from "./tool-argument-options";

// One options object for every tool argument schema, so a schema's validator is one WeakMap
// lookup away on the hot path (getValidator would compare options on every call).
const argumentValidators = new WeakMap<object, CompiledSchema>();

/** The compiled argument validator of `tool`, compiled once per parameter schema object. */
export function getArgumentValidator(tool: Tool): CompiledSchema {
  const schema = tool.parameters ?? DEFAULT_PARAMETERS;
  let validator = argumentValidators.get(schema);
  if (validator === undefined) {
    validator = getValidator(schema, TOOL_ARGUMENT_OPTIONS);
    argumentValidators.set(schema, validator);
  }
  return validator;
}
