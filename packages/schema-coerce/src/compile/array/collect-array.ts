import { collectorOf, createEvaluated } from "../keywords/collector-of";
import type { Evaluated, Scope } from "../schema-node";
import type { ArrayShape } from "./array-shape";
import { checkArray } from "./check-array";

/**
 * The collecting form of an array node (for `unevaluatedItems`): validates like
 * {@link checkArray} and records into `evaluated` the items it evaluated — every item with
 * `items` / `additionalItems`, else the tuple's positions — and the items `contains` matched.
 */
export function collectArray(
  shape: ArrayShape,
  value: unknown,
  scope: Scope,
  evaluated: Evaluated,
): boolean {
  const valid = checkArray(shape, value, scope);
  if (!Array.isArray(value)) return valid;
  const prefixLength = shape.prefixNodes.length;
  if (shape.rest !== undefined) {
    evaluated.allItems = true;
  } else if (prefixLength > evaluated.itemCount) {
    evaluated.itemCount = Math.min(prefixLength, value.length);
  }
  if (shape.contains !== undefined) {
    const containsCollect = collectorOf(shape.contains);
    for (let index = 0; index < value.length; index++) {
      if (containsCollect(value[index], scope, createEvaluated())) {
        evaluated.itemIndexes ??= new Set();
        evaluated.itemIndexes.add(index);
      }
    }
  }
  return valid;
}
