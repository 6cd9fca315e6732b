import type { SchemaNode } from "../compile/schema-node";
import { childNodesOf } from "./child-nodes-of";
import type { CoercionRun } from "./coercion-run";

/**
 * Whether any node that `removeAdditional` can reach from `node` has
 * `additionalProperties: false`. Where none has, the step can never remove a key, so the
 * coercer leaves it out (and the validity check that follows it). Judged from the compiled
 * nodes alone, over every child node the step visits plus `$ref` targets; `seen` stops cycles.
 */
export function forbidsAdditionalAnywhere(
  run: CoercionRun,
  node: SchemaNode,
  seen: Set<SchemaNode> = new Set(),
): boolean {
  if (typeof node.schema === "boolean" || seen.has(node)) return false;
  seen.add(node);
  const info = run.describe(node);
  if (info.object?.additionalFalse) return true;
  const children = childNodesOf(info);
  children.push(...(node.allOfMembers ?? []), ...(node.unionBranches ?? []));
  if (node.refTarget !== undefined) children.push(node.refTarget);
  return children.some((child) => forbidsAdditionalAnywhere(run, child, seen));
}
