import { buildObjectShape, checkObject, collectObject, reportObject } from "../object";
import type { CompileContext, Keyword, ReportFn, SchemaNode } from "../schema-node";
import type { SchemaObject } from "../schema-shape";

/**
 * Compiles the object keywords of a node — `required`, `properties`, `patternProperties`,
 * `additionalProperties`, `propertyNames`, `minProperties`/`maxProperties`,
 * `dependentRequired`/`dependentSchemas` (2020-12) and `dependencies` (draft 7) — into the node's
 * {@link ObjectShape} (`node.objectShape`), read by `checkObject`, `reportObject` and
 * `collectObject`. The keyword's closures only hand the shape to those functions. `guard` (the
 * type's report) fuses the node's `type: "object"`: the group then reports a wrong type itself.
 */
export function compileObjectKeywords(
  schema: SchemaObject,
  node: SchemaNode,
  context: CompileContext,
  guard: ReportFn | undefined,
): Keyword | undefined {
  const shape = buildObjectShape(schema, node, context, guard);
  if (shape === undefined) return undefined;
  node.objectShape = shape;
  return {
    check: (value, scope) => checkObject(shape, value, scope),
    report: (value, path, issues, scope) => reportObject(shape, value, path, issues, scope),
    collect: (value, scope, evaluated) => collectObject(shape, value, scope, evaluated),
  };
}
