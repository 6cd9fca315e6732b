import type { CompileOptions, JsonSchemaObject } from "@toolwright/schema-coerce";

/**
 * How tool arguments are compiled: coercion of the model's usual slips, formats checked, a
 * dangling `$ref` failing only its own place, forbidden extra keys dropped, JSON-in-a-string
 * accepted. One frozen object, so `getValidator` compiles each schema once for every caller.
 */
export const TOOL_ARGUMENT_OPTIONS: CompileOptions = Object.freeze({
  coerce: true,
  formats: true,
  unresolvedRefs: "reject",
  removeAdditional: true,
  parseJsonStrings: true,
});

/** How output values of tools are checked: as given, formats checked, no coercion. */
export const TOOL_OUTPUT_OPTIONS: CompileOptions = Object.freeze({
  formats: true,
  unresolvedRefs: "reject",
});

/** The parameters of a tool that declares none. */
export const DEFAULT_PARAMETERS: JsonSchemaObject = Object.freeze({ type: "object" });
