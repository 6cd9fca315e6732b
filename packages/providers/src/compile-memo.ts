// Memoisation per declaration object (SPEC §8.2): a request whose tools did not change costs one
// WeakMap lookup per tool. Keys are the caller's objects, so nothing outlives them.
import type { ToolDeclaration } from "@toolwright/tool-core";
import { toToolDeclaration } from "@toolwright/transcript";
import type { ProviderDialect } from "./provider-dialect";
import { type CompiledToolSchema, compileToolSchema } from "./schema/compile-tool-schema";
import type { ProviderToolInput } from "./tool-input";

const declarations = new WeakMap<object, ToolDeclaration>();
const schemas = new WeakMap<object, Map<string, CompiledToolSchema>>();

/** The declaration of `input` (a JSON copy made once per object). */
export function declareOnce(input: ProviderToolInput): ToolDeclaration {
  let declaration = declarations.get(input);
  if (declaration === undefined) {
    declaration = toToolDeclaration(input);
    declarations.set(input, declaration);
  }
  return declaration;
}

/** `compileToolSchema` of `declaration`, once per (declaration, dialect, strict requested). */
export function compileOnce(
  declaration: ToolDeclaration,
  dialect: ProviderDialect,
  strictRequested: boolean,
): CompiledToolSchema {
  let byKey = schemas.get(declaration);
  if (byKey === undefined) {
    byKey = new Map();
    schemas.set(declaration, byKey);
  }
  const key = strictRequested ? `${dialect}:strict` : dialect;
  let compiled = byKey.get(key);
  if (compiled === undefined) {
    compiled = compileToolSchema(
      declaration.name,
      declaration.parameters,
      dialect,
      strictRequested,
    );
    byKey.set(key, compiled);
  }
  return compiled;
}
