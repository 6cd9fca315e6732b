import type { JsonObject } from "@toolwright/tool-core";
import { createSuspendedBatch, type SuspendedCallRecord } from "../approval/create-suspended-batch";
import { restoreOutcome } from "../approval/serialize-outcome";
import type { SuspendedBatch } from "../model/suspended-batch";
import type { ToolApprovalRequest } from "../model/tool-approval-request";
import { ToolBatchError } from "../model/tool-batch-error";
import type { JournaledBatch } from "./read-journaled-batch";

/**
 * A batch's `SuspendedBatch` rebuilt from its journal: settled calls with their recorded outcomes,
 * calls with an `approval` record awaiting (with the params and lock keys the record carries),
 * the rest deferred; `revision` is the journal's. A call that was `started` but never settled is
 * left to the caller: `interrupted: "reject"` refuses the batch (`INVALID_STATE`: recover it with
 * `recoverToolBatch`), `"defer"` stores it as deferred for recovery to replace.
 */
export function buildJournaledState(
  journaled: JournaledBatch,
  interrupted: "reject" | "defer",
  stateSecret?: string | Uint8Array,
): Promise<SuspendedBatch> {
  const { batch } = journaled;
  const calls: SuspendedCallRecord[] = batch.calls.map((toolCall): SuspendedCallRecord => {
    const settled = journaled.settled.get(toolCall.id);
    if (settled !== undefined) {
      return { status: "settled", outcome: restoreOutcome(toolCall, settled.outcome) };
    }
    if (journaled.started.has(toolCall.id)) {
      if (interrupted === "reject") {
        throw new ToolBatchError(
          "INVALID_STATE",
          `Batch ${batch.batchId} has call ${JSON.stringify(toolCall.id)} started but not settled: recover it with recoverToolBatch`,
        );
      }
      return { status: "deferred", toolCall };
    }
    const approval = journaled.approvals.get(toolCall.id);
    if (approval === undefined) return { status: "deferred", toolCall };
    const request: ToolApprovalRequest = {
      approvalId: approval.approvalId,
      batchId: batch.batchId,
      toolCall,
      args: approval.args ?? (toolCall.arguments as JsonObject),
      ...(approval.reason === undefined ? {} : { reason: approval.reason }),
      ...(approval.details === undefined ? {} : { details: approval.details }),
      requestedAt: approval.at,
      ...(approval.expiresAt === undefined ? {} : { expiresAt: approval.expiresAt }),
    };
    return { status: "awaiting_approval", request, lockKeys: approval.lockKeys };
  });
  return createSuspendedBatch({
    batchId: batch.batchId,
    revision: journaled.revision,
    mode: batch.mode,
    createdAt: batch.at,
    calls,
    ...(stateSecret === undefined ? {} : { stateSecret }),
  });
}
