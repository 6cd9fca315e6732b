import { hasDistinctJsonKeys } from "../has-distinct-json-keys";
import { jsonEqual } from "../json-equal";

/**
 * Arrays up to this long are compared pairwise, allocating nothing; longer ones by canonical
 * keys, so 1,000,000 items cost n·log n rather than n².
 */
const PAIRWISE_LIMIT = 16;

/** Whether no two items are equal as JSON. Never quadratic: see {@link PAIRWISE_LIMIT}. */
export function hasUniqueItems(items: readonly unknown[]): boolean {
  if (items.length <= PAIRWISE_LIMIT) {
    for (let left = 1; left < items.length; left++) {
      for (let right = 0; right < left; right++) {
        if (jsonEqual(items[left], items[right])) return false;
      }
    }
    return true;
  }
  return hasDistinctJsonKeys(items);
}
