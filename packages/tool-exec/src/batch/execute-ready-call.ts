import { withApproval } from "../call/approve-tool-call";
import { executePreparedCall } from "../call/execute-prepared-call";
import type { ToolCallOutcome } from "../call/tool-call-outcome";
import type { ToolRun } from "../call/tool-run";
import type { ReadyBatchCall } from "./prepare-batch-call";

/** Steps 6–7 of a call of a batch; the outcome carries how approval resolved it, if it did. */
export function executeReadyCall(ready: ReadyBatchCall, run: ToolRun): Promise<ToolCallOutcome> {
  const executing = executePreparedCall(ready.prepared, run);
  const approval = ready.approval;
  if (approval === undefined) return executing;
  return executing.then((outcome) => withApproval(outcome, approval));
}
