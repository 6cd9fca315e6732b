import type { JsonSchema } from "../types";
import type { CoercionRun } from "./coercion-run";

/**
 * Whether any node that `removeAdditional` can reach from `node` has
 * `additionalProperties: false`. Where none has, the step can never remove a key, so the
 * coercer leaves it out (and the validity check that follows it). Judged from the schema
 * alone, over every child schema the step visits plus `$ref` targets; `seen` stops cycles.
 */
export function forbidsAdditionalAnywhere(
  run: CoercionRun,
  node: JsonSchema,
  seen: Set<JsonSchema> = new Set(),
): boolean {
  if (typeof node === "boolean" || seen.has(node)) return false;
  seen.add(node);
  const info = run.describe(node);
  if (info.forbidsAdditional) return true;
  const children: JsonSchema[] = [
    ...info.propertySchemas,
    ...info.patterns.map((pattern) => pattern.schema),
    ...(info.tuple ?? []),
    ...(info.allOf ?? []),
    ...(info.branches ?? []),
  ];
  if (info.refTarget !== undefined) children.push(info.refTarget);
  if (info.additional !== undefined) children.push(info.additional);
  if (info.items !== undefined) children.push(info.items);
  return children.some((child) => forbidsAdditionalAnywhere(run, child, seen));
}
