// A `oneOf` whose branches can never both match is an `anyOf` with the same meaning. Two tests:
// a required discriminator property with disjoint `const`/`enum` values, or disjoint primitive
// `type`s (`integer` lies inside `number`).
import {
  isSchemaObject,
  jsonEqual,
  readTypes,
  resolveLocalRef,
  type SchemaObject,
} from "./schema-node";

/** Whether every pair of `branches` is provably disjoint. */
export function areBranchesDisjoint(branches: readonly unknown[], root: unknown): boolean {
  const resolved = branches.map((branch) => resolveBranch(branch, root));
  for (let left = 0; left < resolved.length; left++) {
    for (let right = left + 1; right < resolved.length; right++) {
      const a = resolved[left];
      const b = resolved[right];
      if (a === undefined || b === undefined) return false;
      if (!typesDisjoint(a, b) && !discriminated(a, b, root)) return false;
    }
  }
  return true;
}

function resolveBranch(branch: unknown, root: unknown): SchemaObject | undefined {
  let node = branch;
  for (let hops = 0; hops < 32 && isSchemaObject(node) && typeof node.$ref === "string"; hops++) {
    node = resolveLocalRef(root, node.$ref)?.node;
  }
  return isSchemaObject(node) && node.$ref === undefined ? node : undefined;
}

const primitiveTypes: ReadonlySet<string> = new Set([
  "string",
  "number",
  "integer",
  "boolean",
  "null",
]);

function typesDisjoint(a: SchemaObject, b: SchemaObject): boolean {
  const left = widen(readTypes(a));
  const right = widen(readTypes(b));
  if (left.length === 0 || right.length === 0) return false;
  if (![...left, ...right].every((type) => primitiveTypes.has(type))) return false;
  return !left.some((type) => right.includes(type));
}

function widen(types: readonly string[]): readonly string[] {
  return types.includes("integer") && !types.includes("number") ? [...types, "number"] : types;
}

function discriminated(a: SchemaObject, b: SchemaObject, root: unknown): boolean {
  const aProperties = a.properties;
  const bProperties = b.properties;
  if (!isSchemaObject(aProperties) || !isSchemaObject(bProperties)) return false;
  const aRequired = Array.isArray(a.required) ? a.required : [];
  const bRequired = Array.isArray(b.required) ? b.required : [];
  for (const name of aRequired) {
    if (typeof name !== "string" || !bRequired.includes(name)) continue;
    const aValues = literalValues(resolveBranch(aProperties[name], root));
    const bValues = literalValues(resolveBranch(bProperties[name], root));
    if (aValues === undefined || bValues === undefined) continue;
    if (!aValues.some((value) => bValues.some((other) => jsonEqual(value, other)))) return true;
  }
  return false;
}

function literalValues(schema: SchemaObject | undefined): readonly unknown[] | undefined {
  if (schema === undefined) return undefined;
  if (Object.hasOwn(schema, "const")) return [schema.const];
  return Array.isArray(schema.enum) ? schema.enum : undefined;
}
