import type { SchemaProblem } from "./compiled-tool";

/** One line naming each problem: `"<pointer>" <keyword> (<reason>)`, comma-separated. */
export function describeProblems(problems: readonly SchemaProblem[]): string {
  return problems
    .map((problem) => `"${problem.pointer}" ${problem.keyword} (${problem.reason})`)
    .join(", ");
}
