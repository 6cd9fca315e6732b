import type { SchemaIssue } from "../../types";
import { fitted } from "../fitted";
import { hasDistinctJsonKeys } from "../has-distinct-json-keys";
import { jsonEqual } from "../json-equal";
import { isLeafValid, LEAF_NONE, leafCodeOf, leafHighOf, leafLowOf } from "../leaf-check";
import type {
  CheckFn,
  CollectFn,
  CompileContext,
  Evaluated,
  Keyword,
  ReportFn,
  SchemaNode,
  Scope,
} from "../schema-node";
import { failKeyword, readCount, readSchemaArray, type SchemaObject } from "../schema-shape";
import { collectorOf, createEvaluated } from "./collector-of";

/**
 * Compiles the array keywords of a node into one closure: tuple items (`prefixItems`, or an
 * `items` array as draft 7 and TypeBox's `Type.Tuple` write it), the rest (`items` /
 * `additionalItems`), `contains` with `minContains`/`maxContains`, `minItems`, `maxItems` and
 * `uniqueItems`. `guard` (the type's report) fuses the node's `type: "array"`:
 * the group then reports a wrong type itself.
 */
export function compileArrayKeywords(
  schema: SchemaObject,
  node: SchemaNode,
  context: CompileContext,
  guard: ReportFn | undefined,
): Keyword | undefined {
  const draft7 = node.location.draft === "7";
  const pointer = node.pointer;
  let prefixSchemas: readonly unknown[] | undefined;
  let prefixKeyword = "prefixItems";
  let restSchema: unknown;
  let restKeyword = "items";
  if (Array.isArray(schema.items)) {
    prefixSchemas = schema.items;
    prefixKeyword = "items";
    restSchema = schema.additionalItems;
    restKeyword = "additionalItems";
  } else {
    if (!draft7) prefixSchemas = readSchemaArray(schema, "prefixItems", node, context);
    restSchema = schema.items;
    if (draft7 && restSchema === undefined) restSchema = undefined;
  }
  // A plain loop: a closure naming `context` would keep the compiler alive (see object.ts).
  const prefixBuilt: SchemaNode[] = [];
  for (const [index, item] of (prefixSchemas ?? []).entries()) {
    prefixBuilt.push(context.child(item, node.location, `${pointer}/${prefixKeyword}/${index}`));
  }
  const prefix = fitted(prefixBuilt);
  const rest =
    restSchema === undefined
      ? undefined
      : context.child(restSchema, node.location, `${pointer}/${restKeyword}`);
  const contains =
    schema.contains === undefined
      ? undefined
      : context.child(schema.contains, node.location, `${pointer}/contains`);
  const minContains =
    contains === undefined || draft7 ? 1 : (readCount(schema, "minContains", node, context) ?? 1);
  const maxContains =
    contains === undefined || draft7
      ? Infinity
      : (readCount(schema, "maxContains", node, context) ?? Infinity);
  const minItems = readCount(schema, "minItems", node, context) ?? 0;
  const maxItems = readCount(schema, "maxItems", node, context) ?? Infinity;
  const uniqueItems = schema.uniqueItems;
  if (uniqueItems !== undefined && typeof uniqueItems !== "boolean") {
    return failKeyword(context, node, "uniqueItems", "a boolean");
  }
  const unique = uniqueItems === true;
  if (
    prefix.length === 0 &&
    rest === undefined &&
    contains === undefined &&
    minItems === 0 &&
    maxItems === Infinity &&
    !unique &&
    guard === undefined
  ) {
    return undefined;
  }
  const prefixChecks = prefix.map((child) => child.check);
  const prefixLength = prefixChecks.length;
  const passOther = guard === undefined;
  // Children compiled later (recursive references) are read through the node, not captured.
  const restLeaf = rest === undefined ? LEAF_NONE : leafCodeOf(rest);
  const restLow = rest === undefined ? -Infinity : leafLowOf(rest);
  const restHigh = rest === undefined ? Infinity : leafHighOf(rest);
  const restCheck: CheckFn | undefined =
    rest === undefined ? undefined : (value, scope) => rest.check(value, scope);
  const containsCheck: CheckFn | undefined =
    contains === undefined ? undefined : (value, scope) => contains.check(value, scope);

  const check: CheckFn = (value, scope) => {
    if (!Array.isArray(value)) return passOther;
    const length = value.length;
    if (length < minItems || length > maxItems) return false;
    const tupleEnd = Math.min(length, prefixLength);
    for (let index = 0; index < tupleEnd; index++) {
      if (!prefix[index]!.check(value[index], scope)) return false;
    }
    if (restLeaf !== LEAF_NONE) {
      for (let index = prefixLength; index < length; index++) {
        if (!isLeafValid(restLeaf, value[index], restLow, restHigh)) return false;
      }
    } else if (restCheck !== undefined) {
      for (let index = prefixLength; index < length; index++) {
        if (!restCheck(value[index], scope)) return false;
      }
    }
    if (containsCheck !== undefined) {
      let count = 0;
      for (let index = 0; index < length; index++) {
        if (containsCheck(value[index], scope)) {
          count++;
          if (count >= minContains && maxContains === Infinity) break;
          if (count > maxContains) return false;
        }
      }
      if (count < minContains) return false;
    }
    return !unique || hasUniqueItems(value);
  };

  // Judges exactly what `check` judges without running it first: a leaf item is tested in place
  // and reported only when it fails; any other item's report gives its verdict, so a failing item
  // is not walked twice.
  const report = (value: unknown, path: string, issues: SchemaIssue[], scope: Scope): boolean => {
    if (!Array.isArray(value)) return guard === undefined || guard(value, path, issues, scope);
    let valid = true;
    const length = value.length;
    if (length < minItems) {
      valid = false;
      issues.push({ path, keyword: "minItems", message: `expected at least ${minItems} items` });
    }
    if (length > maxItems) {
      valid = false;
      issues.push({ path, keyword: "maxItems", message: `expected at most ${maxItems} items` });
    }
    const tupleEnd = Math.min(length, prefixLength);
    for (let index = 0; index < tupleEnd; index++) {
      if (!prefix[index]!.report(value[index], `${path}/${index}`, issues, scope)) valid = false;
    }
    if (rest !== undefined) {
      if (rest.schema === false) {
        // SPEC §1.3: each extra item at its own path, like any boolean schema `false`, under
        // the keyword that forbids it (`additionalItems`, or `items` after `prefixItems`).
        for (let index = prefixLength; index < length; index++) {
          valid = false;
          issues.push({
            path: `${path}/${index}`,
            keyword: restKeyword,
            message: "no value is allowed here",
          });
        }
      } else {
        for (let index = prefixLength; index < length; index++) {
          const item = value[index];
          if (restLeaf !== LEAF_NONE && isLeafValid(restLeaf, item, restLow, restHigh)) continue;
          if (!rest.report(item, `${path}/${index}`, issues, scope)) valid = false;
        }
      }
    }
    if (contains !== undefined) {
      let count = 0;
      for (let index = 0; index < length; index++) {
        if (contains.check(value[index], scope)) count++;
      }
      if (count < minContains) {
        valid = false;
        issues.push({
          path,
          keyword: draft7 || minContains === 1 ? "contains" : "minContains",
          message: `expected at least ${minContains} matching items`,
        });
      }
      if (count > maxContains) {
        valid = false;
        issues.push({
          path,
          keyword: "maxContains",
          message: `expected at most ${maxContains} matching items`,
        });
      }
    }
    if (unique && !hasUniqueItems(value)) {
      valid = false;
      issues.push({ path, keyword: "uniqueItems", message: "expected unique items" });
    }
    return valid;
  };

  const collect: CollectFn = (value, scope, evaluated: Evaluated) => {
    const valid = check(value, scope);
    if (!Array.isArray(value)) return valid;
    if (rest !== undefined) {
      evaluated.allItems = true;
    } else if (prefixLength > evaluated.itemCount) {
      evaluated.itemCount = Math.min(prefixLength, value.length);
    }
    if (contains !== undefined) {
      const containsCollect = collectorOf(contains);
      for (let index = 0; index < value.length; index++) {
        if (containsCollect(value[index], scope, createEvaluated())) {
          evaluated.itemIndexes ??= new Set();
          evaluated.itemIndexes.add(index);
        }
      }
    }
    return valid;
  };

  return { check, report, collect };
}

/**
 * Arrays up to this long are compared pairwise, allocating nothing; longer ones by canonical
 * keys, so 1,000,000 items cost n·log n rather than n².
 */
const PAIRWISE_LIMIT = 16;

/** Whether no two items are equal as JSON. Never quadratic: see {@link PAIRWISE_LIMIT}. */
function hasUniqueItems(items: readonly unknown[]): boolean {
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
