import type {
  SuspendedToolBatch,
  ToolApprovalDecision,
  ToolCallJournal,
} from "@toolwright/tool-exec";
import type { AgentResumption } from "../agent-loop";
import type { DemoEvent } from "../demo-event";
import { describeJournalRecords } from "../journal/describe-journal-records";
import type { ApprovalDecider } from "./approval-decider";
import { loadSuspendedBatch, saveSuspendedBatch } from "./save-suspended-batch";

/** Options of {@link createSuspensionHandler}. */
export interface SuspensionHandlerOptions {
  /** The sandbox: states go to `<root>/.approvals/`. */
  readonly root: string;
  readonly decide: ApprovalDecider;
  readonly emit: (event: DemoEvent) => Promise<void>;
  readonly signal?: AbortSignal;
  /** With `--journal`: the batch's records are shown too (its `approval` record is already durable). */
  readonly journal?: ToolCallJournal;
}

/**
 * The demo's answer to a suspended batch, as a separate process would give it: write the
 * `SuspendedBatch` JSON to disk (and report where, with a short view), read it back, ask for each
 * pending approval, and hand the loaded state and the decisions to the loop, which resumes it.
 */
export function createSuspensionHandler(
  options: SuspensionHandlerOptions,
): (batch: SuspendedToolBatch, turn: number) => Promise<AgentResumption | undefined> {
  return async (batch, turn) => {
    const saved = await saveSuspendedBatch(options.root, batch.state);
    const { state } = batch;
    await options.emit({
      type: "batch_state_saved",
      turn,
      path: saved.path,
      bytes: saved.bytes,
      batchId: state.batchId,
      revision: state.revision,
      mode: state.mode,
      calls: state.calls.map((call) => ({
        toolCallId: call.toolCall.id,
        toolName: call.toolCall.name,
        status: call.status,
        ...(call.status === "awaiting_approval" && call.approval.reason !== undefined
          ? { reason: call.approval.reason }
          : {}),
      })),
    });
    if (options.journal !== undefined) {
      await options.emit({
        type: "journal_records",
        batchId: state.batchId,
        moment: "suspended",
        records: describeJournalRecords(await options.journal.read(state.batchId)),
      });
    }
    const loaded = await loadSuspendedBatch(saved.path);
    const decisions: ToolApprovalDecision[] = [];
    for (const request of batch.pending) {
      const answer = await options.decide(request, options.signal);
      if (answer === undefined) return undefined;
      decisions.push(
        answer.decision === "deny" && answer.message !== undefined
          ? {
              approvalId: request.approvalId,
              decision: "deny",
              by: answer.by,
              message: answer.message,
            }
          : { approvalId: request.approvalId, decision: answer.decision, by: answer.by },
      );
    }
    return { state: loaded, decisions };
  };
}
