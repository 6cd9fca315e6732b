import type { SchemaNode } from "../compile/schema-node";
import { isPlainObject } from "../compile/value-kind";
import type { CoercionRun } from "./coercion-run";
import { matchesJsonType } from "./matches-json-type";
import { needsTypePass } from "./needs-type-pass";
import type { NodeCoercion } from "./node-coercion";

/**
 * Where pass 3 can act below an object node whose every other child it leaves as pass 2 left
 * it: `leaves`, declared scalar properties it coerces only when their value has none of their
 * types; `objects`, declared object properties where the same holds one level down.
 */
export interface TypePassPlan {
  readonly leaves: readonly { readonly key: string; readonly types: readonly string[] }[];
  readonly objects: readonly { readonly key: string; readonly plan: TypePassPlan }[];
}

const primitiveTypes = new Set(["string", "number", "integer", "boolean", "null"]);

/**
 * Whether pass 3 would hand back the value pass 2 left (`value`) unchanged, told by reading only
 * the few properties where it could act, without its walk. Answers `false` (run the pass) for a
 * schema without such a plan: one with unions, `allOf`, `$ref`, arrays or patterns that pass 3
 * must visit. Pass 3 at an object node of one `type: "object"` and nothing else to apply leaves
 * each child that `needsTypePass` clears as it is (pass 2 visited the same node with the same
 * value), and a scalar property whose types are all scalar types when its value has one of them.
 */
export function isTypePassIdle(run: CoercionRun, node: SchemaNode, value: unknown): boolean {
  const plan = typePassPlanOf(run, node);
  return plan !== undefined && isIdleUnder(plan, value);
}

function isIdleUnder(plan: TypePassPlan, value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  for (const { key, types } of plan.leaves) {
    if (!Object.hasOwn(value, key)) continue;
    const property = value[key];
    if (!types.some((type) => matchesJsonType(type, property))) return false;
  }
  for (const { key, plan: below } of plan.objects) {
    if (Object.hasOwn(value, key) && !isIdleUnder(below, value[key])) return false;
  }
  return true;
}

/** The node's plan (built on first use and kept on its coercion facts), or `undefined`. */
function typePassPlanOf(run: CoercionRun, node: SchemaNode): TypePassPlan | undefined {
  if (typeof node.schema === "boolean") return undefined;
  const info = run.describe(node);
  if (info.typePassPlan === undefined) info.typePassPlan = buildPlan(run, node, info) ?? null;
  return info.typePassPlan ?? undefined;
}

function buildPlan(run: CoercionRun, node: SchemaNode, info: NodeCoercion): TypePassPlan | null {
  const clean =
    info.singleType === "object" &&
    info.convertRule === "type" &&
    !info.hasRef &&
    node.allOfMembers === undefined &&
    node.unionBranches === undefined;
  if (!clean) return null;
  const leaves: { key: string; types: readonly string[] }[] = [];
  const objects: { key: string; plan: TypePassPlan }[] = [];
  const shape = info.object;
  if (shape === undefined) return { leaves, objects };
  if (shape.patternNodes.some((child) => needsTypePass(run, child))) return null;
  if (shape.additional !== undefined && needsTypePass(run, shape.additional)) return null;
  for (let index = 0; index < shape.propertyKeys.length; index++) {
    const child = shape.propertyNodes[index]!;
    if (!needsTypePass(run, child)) continue;
    const key = shape.propertyKeys[index]!;
    const types = child.types;
    const scalar =
      !run.describe(child).hasRef &&
      child.allOfMembers === undefined &&
      child.unionBranches === undefined &&
      types !== undefined &&
      types.every((type) => primitiveTypes.has(type));
    if (scalar) {
      leaves.push({ key, types });
      continue;
    }
    const below = typePassPlanOf(run, child);
    if (below === undefined) return null;
    objects.push({ key, plan: below });
  }
  return { leaves, objects };
}
