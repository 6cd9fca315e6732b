import { findKey } from "../compile/object/find-key";
import { enumeratesOwnKeysOnly } from "../compile/object/own-keys";
import { isPlainObject } from "../compile/value-kind";
import type { JsonSchema, JsonSchemaObject } from "../types";
import type { CoercionRun } from "./coercion-run";
import type { NodeInfo } from "./describe-node";
import { mapChildren, visitObjectChild } from "./map-children";
import { applyObjectEdits, createObjectEdits, type ObjectEdits } from "./object-edits";
import { objectHasOwnProperty } from "./object-has-own-property";
import { tryUnionBranches } from "./try-union-branches";
import { visitRefTarget } from "./visit-ref-target";

/**
 * The `removeAdditional` rule: drops each key that an object schema forbids with
 * `additionalProperties: false` (matched by neither `properties` nor `patternProperties`).
 * Follows `$ref` and `allOf`; inside `anyOf`/`oneOf` it touches nothing when some branch already
 * accepts the value, else keeps the first branch whose removals make that branch accept it
 * (so a key is never dropped just because some other branch did not declare it).
 * Returns `value` itself when nothing was removed.
 */
export function removeAdditional(run: CoercionRun, node: JsonSchema, value: unknown): unknown {
  if (typeof node === "boolean" || !run.spend()) return value;
  const info = run.describe(node);
  let result = value;
  if (info.hasRef) {
    result = removeThroughRef(run, node, info, result);
    if (info.siblingsIgnored) return result;
  }
  if (isPlainObject(result)) {
    if (info.hasObjectKeywords || info.forbidsAdditional)
      result = removeInObject(run, info, result);
  } else if (Array.isArray(result)) {
    result = mapChildren(run, info, result, removeAdditional);
  }
  if (info.allOf !== undefined) {
    for (const member of info.allOf) result = removeAdditional(run, member, result);
  }
  if (info.branches !== undefined) result = removeInUnion(run, info.branches, result);
  return result;
}

function removeThroughRef(
  run: CoercionRun,
  node: JsonSchemaObject,
  info: NodeInfo,
  value: unknown,
): unknown {
  return visitRefTarget(run, node, info, value, removeAdditional);
}

function removeInObject(run: CoercionRun, info: NodeInfo, source: Record<string, unknown>) {
  if (!run.canDescend()) return source;
  let edits: ObjectEdits | undefined;
  const ownOnly = enumeratesOwnKeysOnly(source);
  let cursor = 0;
  for (const key in source) {
    if (!ownOnly && !objectHasOwnProperty.call(source, key)) continue;
    const before = source[key];
    const propertyIndex = findKey(info.propertyKeys, key, cursor);
    if (propertyIndex !== -1) cursor = propertyIndex + 1;
    const propertySchema = propertyIndex === -1 ? undefined : info.propertySchemas[propertyIndex];
    let matched = propertySchema !== undefined;
    for (const pattern of info.patterns) {
      if (pattern.matcher.test(key)) matched = true;
    }
    if (!matched && info.forbidsAdditional) {
      edits ??= createObjectEdits();
      edits.removed.push(key);
      run.recordRemoval("remove-additional", key, before);
      continue;
    }
    // Only objects and arrays hold keys that could go; a scalar child needs no visit.
    if (typeof before !== "object" || before === null) continue;
    const after = visitObjectChild(run, info, key, propertyIndex, before, removeAdditional);
    if (after !== before) {
      edits ??= createObjectEdits();
      edits.replacedKeys.push(key);
      edits.replacedValues.push(after);
    }
  }
  return edits === undefined ? source : applyObjectEdits(source, edits, info.copyObject);
}

function removeInUnion(run: CoercionRun, branches: readonly JsonSchema[], value: unknown): unknown {
  return tryUnionBranches(run, branches, value, removeAdditional, undefined);
}
