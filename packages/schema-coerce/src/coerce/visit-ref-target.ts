import type { SchemaNode } from "../compile/schema-node";
import type { CoercionRun } from "./coercion-run";

/**
 * Runs `visit` on the node a node's `$ref` points at, guarding against a `$ref` loop that never
 * moves into the value (the run refuses to enter the same reference again at the same place).
 * Returns `value` unchanged when there is no target or the loop guard says no.
 */
export function visitRefTarget(
  run: CoercionRun,
  node: SchemaNode,
  value: unknown,
  visit: (run: CoercionRun, node: SchemaNode, value: unknown) => unknown,
): unknown {
  const target = node.refTarget;
  if (target === undefined || !run.enterRef(node)) return value;
  const result = visit(run, target, value);
  run.leaveRef();
  return result;
}
