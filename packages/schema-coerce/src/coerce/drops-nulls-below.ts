import type { SchemaNode } from "../compile/schema-node";
import type { CoercionRun } from "./coercion-run";
import { readDefault } from "./fill-required-defaults";

/**
 * Whether pass 1 can change any value at `node`: some optional declared property is droppable
 * there, or some child node the walk descends into can drop one. Judged once per node from its
 * shapes; most tool schemas have whole subtrees (required-only objects, arrays of scalars,
 * anything behind a `$ref`) where the walk would only read. A node met again while its own
 * answer is being worked out (a recursive schema) counts as "can drop", which means walking as
 * before rather than recursing forever.
 */
export function dropsNullsBelow(run: CoercionRun, node: SchemaNode): boolean {
  if (typeof node.schema === "boolean") return false;
  const info = run.describe(node);
  if (info.dropsNulls !== undefined) return info.dropsNulls;
  if (info.siblingsIgnored) {
    info.dropsNulls = false;
    return false;
  }
  info.dropsNulls = true;
  let drops = false;
  const shape = info.object;
  const lossless = run.rules.lossless;
  if (shape !== undefined) {
    const nodes = shape.propertyNodes;
    for (let index = 0; index < nodes.length && !drops; index++) {
      const child = nodes[index]!;
      const required = shape.isRequired[index]!;
      drops =
        (!required && isDroppable(run, child)) ||
        (lossless && !required && isEmptyDroppable(run, child)) ||
        (lossless && required && readDefault(shape, index) !== undefined) ||
        dropsNullsBelow(run, child);
    }
    for (const child of shape.patternNodes) drops ||= dropsNullsBelow(run, child);
    if (shape.additional !== undefined) drops ||= dropsNullsBelow(run, shape.additional);
  }
  const array = info.array;
  if (array !== undefined) {
    for (const child of array.prefixNodes) drops ||= dropsNullsBelow(run, child);
    if (array.rest !== undefined) drops ||= dropsNullsBelow(run, array.rest);
  }
  info.dropsNulls = drops;
  return drops;
}

/** A `$ref` node is never dropped (pass 1 does not look through it); others when they reject null. */
export function isDroppable(run: CoercionRun, node: SchemaNode): boolean {
  if (typeof node.schema === "boolean") return !node.schema;
  const info = run.describe(node);
  if (info.hasRef) return false;
  info.acceptsNull ??= run.accepts(node, null);
  return !info.acceptsNull;
}

/** Lossless `drop-empty`: like {@link isDroppable}, for a `""` the node rejects. */
export function isEmptyDroppable(run: CoercionRun, node: SchemaNode): boolean {
  if (typeof node.schema === "boolean") return !node.schema;
  const info = run.describe(node);
  if (info.hasRef) return false;
  info.acceptsEmptyString ??= run.accepts(node, "");
  return !info.acceptsEmptyString;
}
