// Whether a schema accepts `null`: decides which optional properties strict mode must wrap in
// `anyOf: [S, {type: "null"}]`. "unknown" (a cycle, an unresolvable ref) refuses strict mode.
import { isSchemaObject, readTypes, resolveLocalRef } from "./schema-node";

/** `yes`, `no`, or `unknown` when it cannot be decided without a validator. */
export type NullAcceptance = "yes" | "no" | "unknown";

/** Decides whether `schema` (inside `root`, for `$ref`) accepts `null`. */
export function decideNullAcceptance(schema: unknown, root: unknown): NullAcceptance {
  return decide(schema, root, undefined);
}

// Every keyword present must accept null: "no" wins over "unknown", which wins over "yes".
function combine(left: NullAcceptance, right: NullAcceptance): NullAcceptance {
  if (left === "no" || right === "no") return "no";
  return left === "unknown" || right === "unknown" ? "unknown" : "yes";
}

function decide(schema: unknown, root: unknown, seen: Set<string> | undefined): NullAcceptance {
  if (schema === true) return "yes";
  if (!isSchemaObject(schema)) return "no";
  if (schema.type !== undefined && !readTypes(schema).includes("null")) return "no";
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) return "no";
  if (Object.hasOwn(schema, "const") && schema.const !== null) return "no";
  let verdict: NullAcceptance = "yes";
  for (const keyword of ["anyOf", "oneOf"]) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    let branchVerdict: NullAcceptance = "no";
    for (const branch of branches) {
      const next = decide(branch, root, seen);
      if (next === "yes") {
        branchVerdict = "yes";
        break;
      }
      if (next === "unknown") branchVerdict = "unknown";
    }
    verdict = combine(verdict, branchVerdict);
  }
  if (Array.isArray(schema.allOf)) {
    for (const member of schema.allOf) verdict = combine(verdict, decide(member, root, seen));
  }
  if (typeof schema.$ref === "string") {
    const target = resolveLocalRef(root, schema.$ref);
    const visited = seen ?? new Set<string>();
    if (target === undefined || visited.has(target.pointer)) return combine(verdict, "unknown");
    visited.add(target.pointer);
    verdict = combine(verdict, decide(target.node, root, visited));
    visited.delete(target.pointer);
  }
  return verdict;
}
