import type { ToolCall } from "@toolwright/tool-core";
import type { JournalPendingApproval } from "./journal-approval-listing";
import type { ApprovalRecord } from "./journal-record";

/**
 * The {@link JournalPendingApproval} of a call and its latest `approval` record, for journals that
 * find pending approvals in a query of their own.
 */
export function toPendingApproval(
  batchId: string,
  toolCall: ToolCall,
  approval: ApprovalRecord,
): JournalPendingApproval {
  return {
    batchId,
    callId: toolCall.id,
    approvalId: approval.approvalId,
    toolName: toolCall.name,
    toolCall,
    ...(approval.args === undefined ? {} : { args: approval.args }),
    requestedAt: approval.at,
    ...(approval.expiresAt === undefined ? {} : { expiresAt: approval.expiresAt }),
    ...(approval.reason === undefined ? {} : { reason: approval.reason }),
    ...(approval.details === undefined ? {} : { details: approval.details }),
  };
}
