import { toPointerSegment } from "../../coerce/to-pointer-segment";
import type { SchemaIssue } from "../../types";
import type {
  CheckFn,
  CompileContext,
  Evaluated,
  Keyword,
  SchemaNode,
  Scope,
} from "../schema-node";
import type { SchemaObject } from "../schema-shape";
import { createEvaluated } from "./collector-of";

const hasOwn = Object.hasOwn;

/** Runs the sibling keywords in collecting mode to learn what they evaluated. */
function collectSiblings(siblings: readonly Keyword[], value: unknown, scope: Scope): Evaluated {
  const evaluated = createEvaluated();
  for (const sibling of siblings) {
    if (sibling.collect !== undefined) sibling.collect(value, scope, evaluated);
  }
  return evaluated;
}

/**
 * Compiles `unevaluatedProperties`: properties that no sibling keyword (nor an in-place
 * applicator that matched) evaluated must match it. Only schemas that use it pay for the
 * annotation collection.
 */
export function compileUnevaluatedProperties(
  schema: SchemaObject,
  node: SchemaNode,
  context: CompileContext,
  siblings: readonly Keyword[],
): Keyword | undefined {
  if (schema.unevaluatedProperties === undefined || node.location.draft === "7") return undefined;
  const inner = context.child(
    schema.unevaluatedProperties,
    node.location,
    `${node.pointer}/unevaluatedProperties`,
  );
  const isFalse = inner.schema === false;
  const check: CheckFn = (value, scope) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return true;
    const evaluated = collectSiblings(siblings, value, scope);
    if (evaluated.allProperties) return true;
    const object = value as Record<string, unknown>;
    for (const key in object) {
      if (!hasOwn(object, key) || evaluated.properties?.has(key)) continue;
      if (!inner.check(object[key], scope)) return false;
    }
    return true;
  };
  return {
    check,
    report: (value, path, issues: SchemaIssue[], scope) => {
      if (check(value, scope)) return true;
      const evaluated = collectSiblings(siblings, value, scope);
      const object = value as Record<string, unknown>;
      for (const key in object) {
        if (!hasOwn(object, key) || evaluated.properties?.has(key)) continue;
        const keyPath = `${path}${toPointerSegment(key)}`;
        if (isFalse) {
          issues.push({
            path: keyPath,
            keyword: "unevaluatedProperties",
            message: "unknown field",
          });
        } else {
          inner.report(object[key], keyPath, issues, scope);
        }
      }
      return false;
    },
    collect: (value, scope, evaluated) => {
      const valid = check(value, scope);
      if (valid) evaluated.allProperties = true;
      return valid;
    },
  };
}

/** Compiles `unevaluatedItems`, the array counterpart of `unevaluatedProperties`. */
export function compileUnevaluatedItems(
  schema: SchemaObject,
  node: SchemaNode,
  context: CompileContext,
  siblings: readonly Keyword[],
): Keyword | undefined {
  if (schema.unevaluatedItems === undefined || node.location.draft === "7") return undefined;
  const inner = context.child(
    schema.unevaluatedItems,
    node.location,
    `${node.pointer}/unevaluatedItems`,
  );
  const isUnevaluated = (evaluated: Evaluated, index: number): boolean =>
    index >= evaluated.itemCount && evaluated.itemIndexes?.has(index) !== true;
  const check: CheckFn = (value, scope) => {
    if (!Array.isArray(value)) return true;
    const evaluated = collectSiblings(siblings, value, scope);
    if (evaluated.allItems) return true;
    for (let index = evaluated.itemCount; index < value.length; index++) {
      if (isUnevaluated(evaluated, index) && !inner.check(value[index], scope)) return false;
    }
    return true;
  };
  return {
    check,
    report: (value, path, issues, scope) => {
      if (check(value, scope)) return true;
      const evaluated = collectSiblings(siblings, value, scope);
      const items = value as unknown[];
      for (let index = evaluated.itemCount; index < items.length; index++) {
        if (!isUnevaluated(evaluated, index)) continue;
        if (inner.schema === false) {
          issues.push({
            path: `${path}/${index}`,
            keyword: "unevaluatedItems",
            message: "no value is allowed here",
          });
        } else {
          inner.report(items[index], `${path}/${index}`, issues, scope);
        }
      }
      return false;
    },
    collect: (value, scope, evaluated) => {
      const valid = check(value, scope);
      if (valid) evaluated.allItems = true;
      return valid;
    },
  };
}
