import type { CoercionMode, CompileOptions, JsonSchemaObject } from "@toolwright/schema-coerce";

/**
 * How tool arguments are compiled by default: lossless coercion of the model's usual slips (SPEC
 * §1.5 — `"42"` → 42, never `null` → `"null"`), formats checked, a dangling `$ref` failing only
 * its own place, forbidden extra keys dropped, JSON-in-a-string accepted. One frozen object, so
 * `getValidator` compiles each schema once for every caller.
 */
export const TOOL_ARGUMENT_OPTIONS: CompileOptions = Object.freeze({
  coerce: "lossless",
  formats: true,
  unresolvedRefs: "reject",
  removeAdditional: true,
  parseJsonStrings: true,
});

/** {@link TOOL_ARGUMENT_OPTIONS} with Pi's coercion rules (SPEC §1.4), for `coercion: "pi"`. */
export const PI_TOOL_ARGUMENT_OPTIONS: CompileOptions = Object.freeze({
  ...TOOL_ARGUMENT_OPTIONS,
  coerce: "pi",
});

/** The argument compile options of a coercion mode. */
export function argumentOptionsFor(mode: CoercionMode): CompileOptions {
  return mode === "pi" ? PI_TOOL_ARGUMENT_OPTIONS : TOOL_ARGUMENT_OPTIONS;
}

/**
 * How output values of tools are checked: as given, formats checked, no coercion; every object
 * node must set `additionalProperties` (values go to programs and structured-output modes, where
 * an unset one is almost always an oversight), so `register` refuses an output schema without.
 */
export const TOOL_OUTPUT_OPTIONS: CompileOptions = Object.freeze({
  formats: true,
  unresolvedRefs: "reject",
  requireClosedObjects: true,
});

/** The parameters of a tool that declares none. */
export const DEFAULT_PARAMETERS: JsonSchemaObject = Object.freeze({ type: "object" });
