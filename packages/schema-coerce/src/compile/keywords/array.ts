import { buildArrayShape, checkArray, collectArray, reportArray } from "../array";
import type { CompileContext, Keyword, ReportFn, SchemaNode } from "../schema-node";
import type { SchemaObject } from "../schema-shape";

/**
 * Compiles the array keywords of a node — tuple items (`prefixItems`, or an `items` array as
 * draft 7 and TypeBox's `Type.Tuple` write it), the rest (`items` / `additionalItems`),
 * `contains` with `minContains`/`maxContains`, `minItems`, `maxItems` and `uniqueItems` — into
 * the node's {@link ArrayShape} (`node.arrayShape`), read by `checkArray`, `reportArray` and
 * `collectArray`. `guard` (the type's report) fuses the node's `type: "array"`: the group then
 * reports a wrong type itself.
 */
export function compileArrayKeywords(
  schema: SchemaObject,
  node: SchemaNode,
  context: CompileContext,
  guard: ReportFn | undefined,
): Keyword | undefined {
  const shape = buildArrayShape(schema, node, context, guard);
  if (shape === undefined) return undefined;
  node.arrayShape = shape;
  return {
    check: (value, scope) => checkArray(shape, value, scope),
    report: (value, path, issues, scope) => reportArray(shape, value, path, issues, scope),
    collect: (value, scope, evaluated) => collectArray(shape, value, scope, evaluated),
  };
}
