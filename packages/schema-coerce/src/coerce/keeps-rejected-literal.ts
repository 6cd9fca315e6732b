import { jsonEqual } from "../compile/json-equal";
import type { SchemaNode } from "../compile/schema-node";
import { isPlainObject } from "../compile/value-kind";
import type { CoercionRun } from "./coercion-run";
import { matchesJsonType } from "./matches-json-type";

const hasOwn = Object.hasOwn;

/**
 * Whether pass 3 is sure to leave, in `value`, a property that `branch` rejects, so that trying
 * the branch (coerce under it, then ask it) cannot succeed. That is the tagged-union case: the
 * branch declares a property with a `const` (its tag), `value` carries that property as a scalar
 * of a type the property's schema lists (pass 3 keeps a value of a listed type), and the scalar is
 * not the `const`. The branch must let pass 3 reach the property only through its own `properties`
 * (no `allOf`, `anyOf`/`oneOf` or `patternProperties` that could change it first), and its
 * `properties` must count (not a draft 7 `$ref` node, whose siblings are ignored).
 */
export function keepsRejectedLiteral(run: CoercionRun, branch: SchemaNode, value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  const info = run.describe(branch);
  let index = info.literalProperty;
  if (index === undefined) index = info.literalProperty = findLiteralProperty(run, branch);
  if (index === -1) return false;
  const shape = branch.objectShape!;
  const key = shape.propertyKeys[index]!;
  if (!hasOwn(value, key)) return false;
  const property = value[key];
  if (typeof property === "object" && property !== null) return false;
  const node = shape.propertyNodes[index]!;
  const types = node.types;
  if (types !== undefined && !types.some((type) => matchesJsonType(type, property))) return false;
  return !jsonEqual(run.describe(node).constValue, property);
}

/** The index of the first declared property {@link keepsRejectedLiteral} can judge by, or -1. */
function findLiteralProperty(run: CoercionRun, branch: SchemaNode): number {
  const shape = branch.objectShape;
  if (
    typeof branch.schema === "boolean" ||
    shape === undefined ||
    shape.patternMatchers.length > 0 ||
    branch.allOfMembers !== undefined ||
    branch.unionBranches !== undefined ||
    run.describe(branch).siblingsIgnored ||
    (branch.types !== undefined && !branch.types.includes("object"))
  ) {
    return -1;
  }
  return shape.propertyNodes.findIndex(
    (node) =>
      typeof node.schema === "object" &&
      hasOwn(node.schema, "const") &&
      node.allOfMembers === undefined &&
      node.unionBranches === undefined &&
      !run.describe(node).siblingsIgnored,
  );
}
