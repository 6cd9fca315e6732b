import type { SchemaNode } from "../compile/schema-node";
import { childNodesOf } from "./child-nodes-of";
import type { CoercionRun } from "./coercion-run";

/**
 * Whether pass 3 can change anything that pass 2 left, judged from the schema alone. Where pass 3
 * reaches only nodes with one string `type` that pass 2 also converts by its type table, pass 3
 * is a no-op: its rules for one type are a subset of pass 2's (`"5"` → 5, `"true"` → true, …),
 * and pass 2 already turned a `null` for a string into `"null"`. Type arrays, combinators,
 * `const` / `enum` beside a `type`, and a `type` beside a `$ref` (pass 2 follows the reference
 * instead) all keep pass 3. Pass 3 does not follow `$ref`, so the walk is over a finite tree.
 */
export function needsTypePass(run: CoercionRun, node: SchemaNode): boolean {
  if (typeof node.schema === "boolean") return false;
  const info = run.describe(node);
  if (info.siblingsIgnored) return false;
  if (node.unionBranches !== undefined || node.allOfMembers !== undefined) return true;
  const types = node.types;
  if (types === undefined) return false;
  if (info.singleType === undefined || info.convertRule !== "type" || info.hasRef) return true;
  if (!info.typeHasObject && !info.typeHasArray) return false;
  return childNodesOf(info).some((child) => needsTypePass(run, child));
}
