import type { JsonSchema } from "../types";
import type { CoercionRun } from "./coercion-run";

/**
 * The union rule the passes share: a value some branch already accepts stays; otherwise each
 * branch in turn transforms the value, and the first result that `judge` (the branch itself, or
 * the whole union node) accepts wins. A losing attempt's recorded changes are rolled back, and
 * nested trials are bounded by the run.
 */
export function tryUnionBranches(
  run: CoercionRun,
  branches: readonly JsonSchema[],
  value: unknown,
  transform: (run: CoercionRun, branch: JsonSchema, value: unknown) => unknown,
  judge: JsonSchema | undefined,
): unknown {
  for (const branch of branches) if (run.accepts(branch, value)) return value;
  if (!run.beginTrial()) return value;
  let result = value;
  for (const branch of branches) {
    const mark = run.mark();
    const attempt = transform(run, branch, value);
    if (attempt !== value && run.accepts(judge ?? branch, attempt)) {
      result = attempt;
      break;
    }
    run.rollback(mark);
  }
  run.endTrial();
  return result;
}
