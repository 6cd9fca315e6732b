import type { SchemaNode } from "../compile/schema-node";
import { isPlainObject } from "../compile/value-kind";
import type { CoercionRun } from "./coercion-run";
import { mapChildren } from "./map-children";
import { matchesJsonType } from "./matches-json-type";
import type { NodeCoercion } from "./node-coercion";
import { parseJsonString } from "./parse-json-string";

/**
 * Pass 3: primitive coercion by `type`, Ajv-`coerceTypes` style, for what pass 2
 * left (chiefly type arrays such as `["integer", "null"]`). A value matching a listed type
 * stays; otherwise the first listed type whose rule changes the value wins. Descends into
 * properties / items only where `type` lists `"object"` / `"array"`; applies `allOf` members in
 * turn and picks the first `anyOf`/`oneOf` branch whose coercion that branch accepts. Does not
 * follow `$ref`, wrap or drop. Returns `value` itself when nothing changed.
 */
export function coerceTypes(run: CoercionRun, node: SchemaNode, value: unknown): unknown {
  if (typeof node.schema === "boolean" || !run.spend()) return value;
  const info = run.describe(node);
  if (info.siblingsIgnored) return value;
  let result = value;
  if (node.types !== undefined) {
    result = coerceOwnType(run, node, info, node.types, result);
    const descends = isPlainObject(result) ? info.typeHasObject : info.typeHasArray;
    if (descends) result = mapChildren(run, info, result, coerceTypes, run.rules.coerceLeaf);
  }
  if (node.allOfMembers !== undefined) {
    for (const member of node.allOfMembers) result = coerceTypes(run, member, result);
  }
  if (node.unionBranches !== undefined) result = coerceUnion(run, node.unionBranches, result);
  return result;
}

function coerceOwnType(
  run: CoercionRun,
  node: SchemaNode,
  info: NodeCoercion,
  types: readonly string[],
  value: unknown,
): unknown {
  for (const type of types) if (matchesJsonType(type, value)) return value;
  for (const type of types) {
    if (type === "object" || type === "array") {
      if (typeof value !== "string" || !run.parsesJsonStrings) continue;
      const parsed = parseJsonString(run, node, info, value);
      if (parsed !== value) return parsed;
      continue;
    }
    const coerced = run.rules.coerce(type, value);
    if (coerced !== value) {
      run.record("coerce-type", value, coerced);
      return coerced;
    }
  }
  return value;
}

function coerceUnion(run: CoercionRun, branches: readonly SchemaNode[], value: unknown): unknown {
  if (run.acceptsSomeBranch(branches, value)) return value;
  if (!run.beginTrial()) return value;
  let result = value;
  for (const branch of branches) {
    const mark = run.mark();
    const coerced = coerceTypes(run, branch, value);
    if (coerced !== value && run.accepts(branch, coerced)) {
      result = coerced;
      break;
    }
    run.rollback(mark);
  }
  run.endTrial();
  return result;
}
