import type { SchemaNode } from "../compile/schema-node";
import { isPlainObject } from "../compile/value-kind";
import type { CoercionRun } from "./coercion-run";
import { matchesJsonType } from "./matches-json-type";
import { needsTypePass } from "./needs-type-pass";

/**
 * Where pass 3 can act below an object node whose other children it leaves as pass 2 left them:
 * per declared property, either the scalar `types` it coerces a value of none of them to, or the
 * plan one object level down.
 */
export type TypePassPlan = readonly {
  readonly key: string;
  readonly types?: readonly string[];
  readonly below?: TypePassPlan;
}[];

/**
 * Whether pass 3 would hand back the value pass 2 left (`value`) unchanged, told by reading only
 * the few properties where it could act, without its walk. `false` (run the pass) for a schema
 * without such a plan: one where pass 3 must visit a union, `allOf`, `$ref`, array or pattern.
 * At an object node of one `type: "object"` and nothing else pass 3 applies, it leaves each child
 * that `needsTypePass` clears as it is (pass 2 visited the same node with the same value), and a
 * property whose types are all scalar types when its value has one of them.
 */
export function isTypePassIdle(run: CoercionRun, node: SchemaNode, value: unknown): boolean {
  const plan = typePassPlanOf(run, node);
  return plan !== undefined && isIdleUnder(plan, value);
}

function isIdleUnder(plan: TypePassPlan, value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  for (const { key, types, below } of plan) {
    if (!Object.hasOwn(value, key)) continue;
    const property = value[key];
    const idle = below ? isIdleUnder(below, property) : hasOneOf(types!, property);
    if (!idle) return false;
  }
  return true;
}

/** Whether `value` has one of the JSON `types` (a loop: no closure per property read). */
function hasOneOf(types: readonly string[], value: unknown): boolean {
  for (const type of types) if (matchesJsonType(type, value)) return true;
  return false;
}

/** The node's plan (built on first use and kept on its coercion facts), or `undefined`. */
function typePassPlanOf(run: CoercionRun, node: SchemaNode): TypePassPlan | undefined {
  if (typeof node.schema === "boolean") return undefined;
  const info = run.describe(node);
  if (info.typePassPlan !== undefined) return info.typePassPlan ?? undefined;
  info.typePassPlan = null;
  const shape = info.object;
  if (
    info.singleType !== "object" ||
    info.convertRule !== "type" ||
    info.hasRef ||
    node.allOfMembers !== undefined ||
    node.unionBranches !== undefined ||
    shape?.patternNodes.some((child) => needsTypePass(run, child)) ||
    (shape?.additional !== undefined && needsTypePass(run, shape.additional))
  ) {
    return undefined;
  }
  const plan: { key: string; types?: readonly string[]; below?: TypePassPlan }[] = [];
  const nodes = shape?.propertyNodes ?? [];
  for (let index = 0; index < nodes.length; index++) {
    const child = nodes[index]!;
    if (!needsTypePass(run, child)) continue;
    const key = shape!.propertyKeys[index]!;
    const facts = run.describe(child);
    if (
      child.types !== undefined &&
      !facts.typeHasObject &&
      !facts.typeHasArray &&
      !facts.hasRef &&
      child.allOfMembers === undefined &&
      child.unionBranches === undefined
    ) {
      plan.push({ key, types: child.types });
      continue;
    }
    const below = typePassPlanOf(run, child);
    if (below === undefined) return undefined;
    plan.push({ key, below });
  }
  info.typePassPlan = plan;
  return plan;
}
