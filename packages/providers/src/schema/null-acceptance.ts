// Whether a schema accepts `null`: decides which optional properties strict mode must wrap in
// `anyOf: [S, {type: "null"}]`. "unknown" (a cycle, an unresolvable ref) refuses strict mode.
import { isSchemaObject, readTypes, resolveLocalRef } from "./schema-node";

/** `yes`, `no`, or `unknown` when it cannot be decided without a validator. */
export type NullAcceptance = "yes" | "no" | "unknown";

/** Decides whether `schema` (inside `root`, for `$ref`) accepts `null`. */
export function decideNullAcceptance(schema: unknown, root: unknown): NullAcceptance {
  return decide(schema, root, new Set());
}

function decide(schema: unknown, root: unknown, seen: Set<string>): NullAcceptance {
  if (schema === true) return "yes";
  if (!isSchemaObject(schema)) return "no";
  const verdicts: NullAcceptance[] = [];
  if (schema.type !== undefined) verdicts.push(readTypes(schema).includes("null") ? "yes" : "no");
  if (Array.isArray(schema.enum)) verdicts.push(schema.enum.includes(null) ? "yes" : "no");
  if (Object.hasOwn(schema, "const")) verdicts.push(schema.const === null ? "yes" : "no");
  for (const keyword of ["anyOf", "oneOf"]) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    const branchVerdicts = branches.map((branch) => decide(branch, root, seen));
    if (branchVerdicts.includes("yes")) verdicts.push("yes");
    else if (branchVerdicts.every((verdict) => verdict === "no")) verdicts.push("no");
    else verdicts.push("unknown");
  }
  if (Array.isArray(schema.allOf)) {
    for (const member of schema.allOf) verdicts.push(decide(member, root, seen));
  }
  if (typeof schema.$ref === "string") {
    const target = resolveLocalRef(root, schema.$ref);
    if (target === undefined || seen.has(target.pointer)) {
      verdicts.push("unknown");
    } else {
      seen.add(target.pointer);
      verdicts.push(decide(target.node, root, seen));
      seen.delete(target.pointer);
    }
  }
  if (verdicts.includes("no")) return "no";
  if (verdicts.includes("unknown")) return "unknown";
  return "yes";
}
