import type { DecisionRecord, ToolCallJournal } from "@toolwright/tool-exec";
import type { ApprovalDecider } from "./approval-decider";

/** How often the demo looks in the journal for the console's decision. */
const POLL_MS = 100;

/**
 * An {@link ApprovalDecider} that waits for a person to decide in the console (`--approve
 * console`): the console records the decision in the journal with `submitToolDecision`, and this
 * reads the journal until the request has one. An abort while waiting resolves `undefined`.
 */
export function createConsoleDecider(journal: ToolCallJournal): ApprovalDecider {
  return async (request, signal) => {
    while (signal?.aborted !== true) {
      const decision = (await journal.read(request.batchId)).find(
        (record): record is DecisionRecord =>
          record.t === "decision" && record.approvalId === request.approvalId,
      );
      if (decision !== undefined)
        return {
          decision: decision.decision,
          by: decision.by ?? "console",
          ...(decision.message === undefined ? {} : { message: decision.message }),
        };
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        signal?.addEventListener("abort", () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return undefined;
  };
}
