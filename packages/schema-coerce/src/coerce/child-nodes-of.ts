import type { SchemaNode } from "../compile/schema-node";
import type { NodeCoercion } from "./node-coercion";

/**
 * The child nodes the walks of the coercion passes descend into from a node: its `properties`,
 * `patternProperties` and `additionalProperties` schemas, its tuple items and its items schema.
 */
export function childNodesOf(info: NodeCoercion): SchemaNode[] {
  const children: SchemaNode[] = [];
  const shape = info.object;
  if (shape !== undefined) {
    children.push(...shape.propertyNodes, ...shape.patternNodes);
    if (shape.additional !== undefined) children.push(shape.additional);
  }
  const array = info.array;
  if (array !== undefined) {
    children.push(...array.prefixNodes);
    if (array.rest !== undefined) children.push(array.rest);
  }
  return children;
}
