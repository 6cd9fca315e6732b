import { withApproval } from "../call/approve-tool-call";
import { type BeforeExecute, executePreparedCall } from "../call/execute-prepared-call";
import { readReplay } from "../call/read-replay";
import type { ToolCallOutcome } from "../call/tool-call-outcome";
import type { ToolRun } from "../call/tool-run";
import { isDispatched } from "../dispatch/dispatch-tool-call";
import type { BatchJournal } from "../journal/batch-journal";
import type { ReadyBatchCall } from "./prepare-batch-call";

/**
 * Steps 6–7 of a call of a batch, with its `started` record (and the dispatcher's key, when the
 * call runs remotely) written right before `execute` when the batch has a journal; the outcome carries how approval resolved the call, if it did.
 */
export function executeReadyCall(
  ready: ReadyBatchCall,
  run: ToolRun,
  journal: BatchJournal | undefined,
): Promise<ToolCallOutcome> {
  const { prepared, attempt, remote } = ready;
  let beforeExecute: BeforeExecute | undefined;
  // A call recovery adopts or awaits remotely is not started again (SPEC §15).
  if (journal !== undefined && remote === undefined) {
    const replay = readReplay(prepared.tool);
    const dispatchKey = isDispatched(run.dispatcher, prepared.tool)
      ? `${run.batchId}:${prepared.toolCall.id}`
      : undefined;
    beforeExecute = () => journal.started(prepared.toolCall.id, attempt, replay, dispatchKey);
  }
  const adopted = remote?.kind === "adopt" ? remote.result : undefined;
  const executing = executePreparedCall(prepared, run, attempt, beforeExecute, adopted);
  const approval = ready.approval;
  if (approval === undefined) return executing;
  return executing.then((outcome) => withApproval(outcome, approval));
}
