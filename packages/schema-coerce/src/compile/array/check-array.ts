import { isLeafValid, LEAF_NONE } from "../leaf-check";
import type { Scope } from "../schema-node";
import type { ArrayShape } from "./array-shape";
import { hasUniqueItems } from "./has-unique-items";

/**
 * The fast path of an array node: whether `value` passes every array keyword of `shape` (a
 * non-array passes unless the shape carries the fused type guard). Allocates nothing; items
 * whose schema is a leaf are tested by its code in place, without a call per item.
 */
export function checkArray(shape: ArrayShape, value: unknown, scope: Scope): boolean {
  if (!Array.isArray(value)) return shape.guard === undefined;
  const length = value.length;
  if (length < shape.minItems || length > shape.maxItems) return false;
  const prefix = shape.prefixNodes;
  const prefixLength = prefix.length;
  const tupleEnd = Math.min(length, prefixLength);
  for (let index = 0; index < tupleEnd; index++) {
    if (!prefix[index]!.check(value[index], scope)) return false;
  }
  const restLeaf = shape.restLeaf;
  if (restLeaf !== LEAF_NONE) {
    const low = shape.restLow;
    const high = shape.restHigh;
    for (let index = prefixLength; index < length; index++) {
      if (!isLeafValid(restLeaf, value[index], low, high)) return false;
    }
  } else if (shape.rest !== undefined) {
    // Read through the node at call time: a recursive `items` may compile after this shape.
    const rest = shape.rest;
    for (let index = prefixLength; index < length; index++) {
      if (!rest.check(value[index], scope)) return false;
    }
  }
  if (shape.contains !== undefined && !checkContains(shape, value, scope)) return false;
  return !shape.uniqueItems || hasUniqueItems(value);
}

/** Whether the number of items `contains` matches is within `minContains`..`maxContains`. */
function checkContains(shape: ArrayShape, items: readonly unknown[], scope: Scope): boolean {
  const contains = shape.contains!;
  const { minContains, maxContains } = shape;
  let count = 0;
  for (let index = 0; index < items.length; index++) {
    if (contains.check(items[index], scope)) {
      count++;
      if (count >= minContains && maxContains === Infinity) break;
      if (count > maxContains) return false;
    }
  }
  return count >= minContains;
}
