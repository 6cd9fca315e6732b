import type { ToolCallOutcome } from "../model/tool-call-outcome";

/**
 * Whether the agent should stop after this batch: only when the batch is not empty and every
 * result says `terminate: true`. One result without it — an error result included — keeps the
 * agent going, so the decision never depends on which call finished first.
 */
export function shouldTerminateToolBatch(outcomes: readonly ToolCallOutcome[]): boolean {
  if (outcomes.length === 0) return false;
  for (const outcome of outcomes) {
    if (outcome.result.terminate !== true) return false;
  }
  return true;
}
