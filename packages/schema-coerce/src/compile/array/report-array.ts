import type { SchemaIssue } from "../../types";
import { isLeafValid, LEAF_NONE } from "../leaf-check";
import type { Scope } from "../schema-node";
import type { ArrayShape } from "./array-shape";
import { hasUniqueItems } from "./has-unique-items";

/**
 * The error path of an array node: pushes one issue per failing place under `path` and returns
 * validity. Judges exactly what `checkArray` judges without running it first: a leaf item is
 * tested in place and reported only when it fails; any other item's report gives its verdict,
 * so a failing item is not walked twice.
 */
export function reportArray(
  shape: ArrayShape,
  value: unknown,
  path: string,
  issues: SchemaIssue[],
  scope: Scope,
): boolean {
  if (!Array.isArray(value)) {
    return shape.guard === undefined || shape.guard(value, path, issues, scope);
  }
  let valid = true;
  const length = value.length;
  if (length < shape.minItems) {
    valid = false;
    const message = `expected at least ${shape.minItems} items`;
    issues.push({ path, keyword: "minItems", message });
  }
  if (length > shape.maxItems) {
    valid = false;
    issues.push({ path, keyword: "maxItems", message: `expected at most ${shape.maxItems} items` });
  }
  const prefix = shape.prefixNodes;
  const tupleEnd = Math.min(length, prefix.length);
  for (let index = 0; index < tupleEnd; index++) {
    if (!prefix[index]!.report(value[index], `${path}/${index}`, issues, scope)) valid = false;
  }
  if (shape.rest !== undefined && !reportRest(shape, value, path, issues, scope)) valid = false;
  if (shape.contains !== undefined) {
    let count = 0;
    for (let index = 0; index < length; index++) {
      if (shape.contains.check(value[index], scope)) count++;
    }
    if (count < shape.minContains) {
      valid = false;
      const message = `expected at least ${shape.minContains} matching items`;
      issues.push({ path, keyword: shape.minContainsKeyword, message });
    }
    if (count > shape.maxContains) {
      valid = false;
      const message = `expected at most ${shape.maxContains} matching items`;
      issues.push({ path, keyword: "maxContains", message });
    }
  }
  if (shape.uniqueItems && !hasUniqueItems(value)) {
    valid = false;
    issues.push({ path, keyword: "uniqueItems", message: "expected unique items" });
  }
  return valid;
}

/** Reports the items after the tuple against `items` / `additionalItems`. */
function reportRest(
  shape: ArrayShape,
  items: readonly unknown[],
  path: string,
  issues: SchemaIssue[],
  scope: Scope,
): boolean {
  const rest = shape.rest!;
  let valid = true;
  for (let index = shape.prefixNodes.length; index < items.length; index++) {
    const item = items[index];
    if (rest.schema === false) {
      // SPEC §1.3: each extra item at its own path, like any boolean schema `false`, under the
      // keyword that forbids it (`additionalItems`, or `items` after `prefixItems`).
      valid = false;
      const message = "no value is allowed here";
      issues.push({ path: `${path}/${index}`, keyword: shape.restKeyword, message });
      continue;
    }
    const leaf = shape.restLeaf;
    if (leaf !== LEAF_NONE && isLeafValid(leaf, item, shape.restLow, shape.restHigh)) continue;
    // Most items of a failing longer array pass: a check allocates nothing, a report builds its
    // state and, for an object item, walks it through a visitor. Only failing items are reported.
    // One or two items fail as often as not, and a report's verdict stands in for the check.
    if (items.length > 2 ? !rest.check(item, scope) : true) {
      if (!rest.report(item, `${path}/${index}`, issues, scope)) valid = false;
    }
  }
  return valid;
}
