import type { JsonSchema, JsonSchemaObject } from "../types";
import type { CoercionRun } from "./coercion-run";
import type { NodeInfo } from "./describe-node";

/**
 * Runs `visit` on the schema a node's `$ref` points at, guarding against a `$ref` loop that never
 * moves into the value (the run refuses to enter the same reference again at the same place).
 * Returns `value` unchanged when there is no target or the loop guard says no.
 */
export function visitRefTarget(
  run: CoercionRun,
  node: JsonSchemaObject,
  info: NodeInfo,
  value: unknown,
  visit: (run: CoercionRun, node: JsonSchema, value: unknown) => unknown,
): unknown {
  if (info.refTarget === undefined || !run.enterRef(node)) return value;
  const result = visit(run, info.refTarget, value);
  run.leaveRef();
  return result;
}
