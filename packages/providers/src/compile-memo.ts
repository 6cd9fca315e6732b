// Memoisation per declaration object (SPEC §8.2): a request whose tools did not change costs one
// WeakMap lookup per tool. Keys are the caller's objects, so nothing outlives them.
import type { ToolDeclaration } from "@toolwright/tool-core";
import { toToolDeclaration } from "@toolwright/transcript";
import type { ProviderDialect } from "./provider-dialect";
import { type CompiledToolSchema, compileToolSchema } from "./schema/compile-tool-schema";
import type { ProviderToolInput } from "./tool-input";

const declarations = new WeakMap<object, ToolDeclaration>();
const schemas = new WeakMap<object, Map<string, CompiledToolSchema>>();

/** The declaration of `input`, made once per object. */
export function declareOnce(input: ProviderToolInput): ToolDeclaration {
  let declaration = declarations.get(input);
  if (declaration === undefined) {
    declaration = isPlainDeclaration(input) ? input : toToolDeclaration(input);
    declarations.set(input, declaration);
  }
  return declaration;
}

/**
 * A declaration read back from a transcript (or written as JSON) is used as it is: it has only the
 * declaration's fields and no function. Anything else (a tool definition, a TypeBox schema with
 * symbol keys) is declared through `toToolDeclaration`, a JSON copy.
 */
function isPlainDeclaration(input: ProviderToolInput): input is ToolDeclaration {
  const fields = ["name", "description", "parameters", "constrainedSampling"];
  return (
    Object.keys(input).every((key) => fields.includes(key)) &&
    typeof input.name === "string" &&
    typeof input.description === "string" &&
    typeof input.parameters === "object" &&
    input.parameters !== null &&
    Object.getOwnPropertySymbols(input.parameters).length === 0
  );
}

/** `compileToolSchema` of `declaration`, once per (declaration, dialect, strict requested, schema field). */
export function compileOnce(
  declaration: ToolDeclaration,
  dialect: ProviderDialect,
  strictRequested: boolean,
  geminiOpenApi = false,
): CompiledToolSchema {
  let byKey = schemas.get(declaration);
  if (byKey === undefined) {
    byKey = new Map();
    schemas.set(declaration, byKey);
  }
  const key = `${dialect}${strictRequested ? ":strict" : ""}${geminiOpenApi ? ":openapi" : ""}`;
  let compiled = byKey.get(key);
  if (compiled === undefined) {
    compiled = compileToolSchema(
      declaration.name,
      declaration.parameters,
      dialect,
      strictRequested,
      geminiOpenApi,
    );
    byKey.set(key, compiled);
  }
  return compiled;
}
