import { type CompiledSchema, getValidator } from "@toolwright/schema-coerce";
import type { Tool } from "./define-tool";
import { getParametersJsonSchema } from "./get-parameters-json-schema";
import { TOOL_ARGUMENT_OPTIONS } from "./tool-argument-options";

// One options object for every tool argument schema, so a schema's validator is one WeakMap
// lookup away on the hot path (getValidator would compare options on every call).
const argumentValidators = new WeakMap<object, CompiledSchema>();

/**
 * The compiled argument validator of `tool`, compiled once per parameter JSON Schema object (for a
 * Standard Schema, the JSON Schema its library produced). Throws as `getParametersJsonSchema` does.
 */
export function getArgumentValidator(tool: Tool): CompiledSchema {
  const schema = getParametersJsonSchema(tool);
  let validator = argumentValidators.get(schema);
  if (validator === undefined) {
    validator = getValidator(schema, TOOL_ARGUMENT_OPTIONS);
    argumentValidators.set(schema, validator);
  }
  return validator;
}
