import type { SchemaNode } from "../compile/schema-node";
import { childNodesOf } from "./child-nodes-of";
import type { CoercionRun } from "./coercion-run";
import { dropsNullsBelow } from "./drops-nulls-below";
import { readDefault } from "./fill-required-defaults";

/**
 * Whether lossless pass 1 can fill a missing required property at `node` or below it: some
 * object it walks declares a required property whose own schema has a `default`. Judged once per
 * node from its shapes (over the children pass 1 descends into, only where `dropsNullsBelow` lets
 * it walk at all). A node met again while its own answer is being worked out (a recursive schema)
 * counts as "can fill", the answer that never skips work.
 */
export function fillsDefaultsBelow(run: CoercionRun, node: SchemaNode): boolean {
  if (typeof node.schema === "boolean") return false;
  const info = run.describe(node);
  if (info.fillsDefaults !== undefined) return info.fillsDefaults;
  if (!dropsNullsBelow(run, node)) {
    info.fillsDefaults = false;
    return false;
  }
  info.fillsDefaults = true;
  let fills = false;
  const shape = info.object;
  if (shape !== undefined) {
    for (let index = 0; index < shape.propertyKeys.length && !fills; index++) {
      fills = shape.isRequired[index] === true && readDefault(shape, index) !== undefined;
    }
  }
  for (const child of childNodesOf(info)) fills ||= fillsDefaultsBelow(run, child);
  info.fillsDefaults = fills;
  return fills;
}
