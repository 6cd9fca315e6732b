import { forEachObjectChild, isClaimedKey } from "../compile/object";
import type { SchemaNode } from "../compile/schema-node";
import { isPlainObject } from "../compile/value-kind";
import type { CoercionRun } from "./coercion-run";
import { mapChildren, type PassWalk, visitObjectChild } from "./map-children";
import type { NodeCoercion } from "./node-coercion";
import { applyObjectEdits, createObjectEdits, type ObjectEdits } from "./object-edits";
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
export function removeAdditional(run: CoercionRun, node: SchemaNode, value: unknown): unknown {
  if (typeof node.schema === "boolean" || !run.spend()) return value;
  const info = run.describe(node);
  let result = value;
  if (info.hasRef) {
    result = visitRefTarget(run, node, result, removeAdditional);
    if (info.siblingsIgnored) return result;
  }
  if (isPlainObject(result)) {
    result = removeInObject(run, info, result);
  } else if (Array.isArray(result)) {
    result = mapChildren(run, info, result, removeAdditional);
  }
  if (node.allOfMembers !== undefined) {
    for (const member of node.allOfMembers) result = removeAdditional(run, member, result);
  }
  if (node.unionBranches !== undefined) {
    result = tryUnionBranches(run, node.unionBranches, result, removeAdditional, undefined);
  }
  return result;
}

/** The state of one {@link removeInObject} walk. */
interface RemovalWalk extends PassWalk {
  edits: ObjectEdits | undefined;
}

function removeInObject(run: CoercionRun, info: NodeCoercion, source: Record<string, unknown>) {
  const shape = info.object;
  if (shape === undefined || !run.canDescend()) return source;
  const walk: RemovalWalk = { run, visit: removeAdditional, shape, edits: undefined };
  forEachObjectChild(shape, source, walk, removeOrVisitKey);
  const edits = walk.edits;
  return edits === undefined ? source : applyObjectEdits(source, edits);
}

function removeOrVisitKey(walk: RemovalWalk, key: string, before: unknown, index: number): void {
  if (walk.shape.additionalFalse && !isClaimedKey(walk.shape, key, index)) {
    walk.edits ??= createObjectEdits();
    walk.edits.removed.push(key);
    walk.run.recordRemoval("remove-additional", key, before);
    return;
  }
  // Only objects and arrays hold keys that could go; a scalar child needs no visit.
  if (typeof before !== "object" || before === null) return;
  const after = visitObjectChild(walk, key, index, before);
  if (after !== before) {
    walk.edits ??= createObjectEdits();
    walk.edits.replacedKeys.push(key);
    walk.edits.replacedValues.push(after);
  }
}
