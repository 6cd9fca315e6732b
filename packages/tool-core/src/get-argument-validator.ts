import { type CoercionMode, type CompiledSchema, getValidator } from "@toolwright/schema-coerce";
import type { Tool } from "./define-tool";
import { getParametersJsonSchema } from "./get-parameters-json-schema";
import { argumentOptionsFor } from "./tool-argument-options";

// One options object per coercion mode for every tool argument schema, so a schema's validator is
// one WeakMap lookup away on the hot path (getValidator would compare options on every call).
const argumentValidators: Record<CoercionMode, WeakMap<object, CompiledSchema>> = {
  lossless: new WeakMap(),
  pi: new WeakMap(),
};

// The coercion a registry set for the tools registered with it (`new ToolRegistry(tools,
// { coercion })`); the tool's own `coercion` wins over it.
const registryCoercion = new WeakMap<Tool, CoercionMode>();

/** Records the coercion mode a registry applies to `tool` (the last registration wins). */
export function setRegistryCoercion(tool: Tool, mode: CoercionMode | undefined): void {
  if (mode === undefined) registryCoercion.delete(tool);
  else registryCoercion.set(tool, mode);
}

/**
 * The coercion mode of `tool`: its own `coercion`, else its registry's, else `"lossless"`
 * (SPEC §1.5).
 */
export function getCoercionMode(tool: Tool): CoercionMode {
  return tool.coercion ?? registryCoercion.get(tool) ?? "lossless";
}

/**
 * The compiled argument validator of `tool`, compiled once per parameter JSON Schema object and
 * coercion mode (for a Standard Schema, the JSON Schema its library produced). Throws as
 * `getParametersJsonSchema` does.
 */
export function getArgumentValidator(tool: Tool): CompiledSchema {
  const schema = getParametersJsonSchema(tool);
  const mode = getCoercionMode(tool);
  const validators = argumentValidators[mode];
  let validator = validators.get(schema);
  if (validator === undefined) {
    validator = getValidator(schema, argumentOptionsFor(mode));
    validators.set(schema, validator);
  }
  return validator;
}
