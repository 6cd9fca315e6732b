import { type CoercionMode, type CompiledSchema, getValidator } from "@toolwright/schema-coerce";
import type { Tool } from "./define-tool";
import { getParametersJsonSchema } from "./get-parameters-json-schema";
import { argumentOptionsFor } from "./tool-argument-options";

// A memo of compiled validators, one per parameter JSON Schema object and coercion mode, so that a
// schema's validator is one WeakMap lookup away (getValidator would compare options on every
// call). It only remembers what compiling gave; the mode is always the caller's to choose.
const argumentValidators: Record<CoercionMode, WeakMap<object, CompiledSchema>> = {
  lossless: new WeakMap(),
  pi: new WeakMap(),
};

/**
 * The coercion mode `tool` is validated with where `fallback` is the mode of its surroundings (a
 * registry's `coercion`): the tool's own `coercion` wins, then `fallback`, then `"lossless"`.
 */
export function resolveCoercionMode(tool: Tool, fallback?: CoercionMode): CoercionMode {
  return tool.coercion ?? fallback ?? "lossless";
}

/**
 * The compiled argument validator of `tool` in coercion `mode`, compiled once per parameter JSON
 * Schema object and mode (for a Standard Schema, the JSON Schema its library produced). Throws as
 * `getParametersJsonSchema` and `compile` do.
 */
export function getArgumentValidator(tool: Tool, mode: CoercionMode): CompiledSchema {
  const schema = getParametersJsonSchema(tool);
  const validators = argumentValidators[mode];
  let validator = validators.get(schema);
  if (validator === undefined) {
    validator = getValidator(schema, argumentOptionsFor(mode));
    validators.set(schema, validator);
  }
  return validator;
}
