import type { SchemaNode } from "../compile/schema-node";
import type { CoercionRun } from "./coercion-run";

/**
 * The union rule the passes share: a value some branch already accepts stays; otherwise each
 * branch in turn transforms the value, and the first result that `judge` (the branch itself, or
 * the whole union node) accepts wins. A losing attempt's recorded changes are rolled back, and
 * nested trials are bounded by the run.
 */
export function tryUnionBranches(
  run: CoercionRun,
  branches: readonly SchemaNode[],
  value: unknown,
  transform: (run: CoercionRun, branch: SchemaNode, value: unknown) => unknown,
  judge: SchemaNode | undefined,
): unknown {
  if (run.acceptsSomeBranch(branches, value)) return value;
  if (!run.beginTrial()) return value;
  let result = value;
  for (const branch of branches) {
    const mark = run.mark();
    const attempt = transform(run, branch, value);
    if (attempt !== value && judgeAttempt(run, judge, branch, attempt)) {
      result = attempt;
      break;
    }
    run.rollback(mark);
  }
  run.endTrial();
  return result;
}

/** Whether `judge` (or else `branch`) accepts the attempt made for `branch`. */
function judgeAttempt(
  run: CoercionRun,
  judge: SchemaNode | undefined,
  branch: SchemaNode,
  attempt: unknown,
): boolean {
  if (judge === undefined) return run.accepts(branch, attempt);
  // A plain `anyOf` node accepts whatever one branch accepts. Asking the branch the attempt was
  // made for first usually settles it, without the node re-checking every branch before it.
  if (run.describe(judge).acceptsWhatABranchAccepts && run.graph.accepts(branch, attempt)) {
    // Counted against the visit budget like the judgement it stands for.
    run.spend();
    return true;
  }
  return run.accepts(judge, attempt);
}
