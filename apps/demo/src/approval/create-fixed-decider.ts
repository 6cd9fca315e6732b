import type { ApprovalAnswer, ApprovalDecider } from "./approval-decider";

/** An {@link ApprovalDecider} that gives every request the same answer (`--approve yes|no`, the default). */
export function createFixedDecider(
  decision: ApprovalAnswer["decision"],
  by: string,
): ApprovalDecider {
  return async () => ({ decision, by });
}
