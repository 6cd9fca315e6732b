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

/** {@link TOOL_ARGUMENT_OPTIONS} with Pi's coercion rules, for `coercion: "pi"`. */
export const PI_TOOL_ARGUMENT_OPTIONS: CompileOptions = Object.freeze({
  ...TOOL_ARGUMENT_OPTIONS,
  coerce: "pi",
});

/** The argument compile options of a coercion mode. */
export function argumentOptionsFor(mode: CoercionMode): CompileOptions {
  return mode === "pi" ? PI_TOOL_ARGUMENT_OPTIONS : TOOL_ARGUMENT_OPTIONS;
}

/**
 * How output values of tools are checked: as given, formats checked, no coercion. Objects are
 * judged as the schema says: one that leaves `additionalProperties` unset (as TypeBox, Zod and MCP
 * servers write them) accepts extra keys. Closing them is the business of a provider's strict
 * structured-output mode (`@toolwright/providers`' `toProviderOutputSchema`), not of validation.
 */
export const TOOL_OUTPUT_OPTIONS: CompileOptions = Object.freeze({
  formats: true,
  unresolvedRefs: "reject",
});

/** The parameters of a tool that declares none. */
export const DEFAULT_PARAMETERS: JsonSchemaObject = Object.freeze({ type: "object" });
