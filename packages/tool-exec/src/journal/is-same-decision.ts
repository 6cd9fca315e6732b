import type { ToolApprovalDecision } from "../approval/tool-approval-decision";

/**
 * Whether two decisions on one approval say the same thing: the same verdict, reviewer and (for a
 * denial) message. A repeat of the same decision is no conflict (first decision wins).
 */
export function isSameDecision(left: ToolApprovalDecision, right: ToolApprovalDecision): boolean {
  const message = (decision: ToolApprovalDecision) =>
    decision.decision === "deny" ? decision.message : undefined;
  return (
    left.decision === right.decision && left.by === right.by && message(left) === message(right)
  );
}
