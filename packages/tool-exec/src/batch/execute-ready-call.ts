import { withApproval } from "../call/approve-tool-call";
import { isDispatched } from "../call/dispatch-tool-call";
import { type BeforeExecute, startPreparedCall } from "../call/execute-prepared-call";
import { type OutcomeCallback, resolveWithOutcome } from "../call/outcome-callback";
import type { PreparedCall } from "../call/prepared-call";
import { readReplay } from "../call/read-replay";
import type { ToolRun } from "../call/tool-run";
import type { ToolDispatchResult } from "../dispatch/tool-dispatcher";
import type { BatchJournal } from "../journal/batch-journal";
import type { ToolCallApproval } from "../model/tool-call-approval";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import type { ReadyBatchCall, ReadyCall } from "./ready-call";

/**
 * Steps 6–7 of a call of a batch, with its `started` record (and the dispatcher's key, when the
 * call runs remotely) written right before `execute` when the batch has a journal; the outcome
 * carries how approval resolved the call, if it did.
 */
export function executeReadyCall(
  ready: ReadyCall,
  run: ToolRun,
  journal: BatchJournal | undefined,
): Promise<ToolCallOutcome> {
  return new Promise((resolve) => {
    const now = startReadyCall(ready, run, journal, resolveWithOutcome, resolve);
    if (now !== undefined) resolve(now);
  });
}

/**
 * {@link executeReadyCall} in the form of `startPreparedCall`: the outcome when the call ended at
 * once, else `undefined` and `done(token, outcome)` later.
 */
export function startReadyCall<TToken>(
  ready: ReadyCall,
  run: ToolRun,
  journal: BatchJournal | undefined,
  done: OutcomeCallback<TToken>,
  token: TToken,
): ToolCallOutcome | undefined {
  if (ready.type === "prepared") {
    const beforeExecute = journal === undefined ? undefined : journalStart(ready, run, journal, 1);
    return startPreparedCall(ready, run, 1, beforeExecute, undefined, done, token, true);
  }
  const { prepared, attempt, remote } = ready;
  // A call recovery adopts or awaits remotely is not started again (SPEC §15).
  const beforeExecute =
    journal !== undefined && remote === undefined
      ? journalStart(prepared, run, journal, attempt)
      : undefined;
  const adopted = remote?.kind === "adopt" ? remote.result : undefined;
  const approval = ready.approval;
  if (approval === undefined) {
    return startPreparedCall(prepared, run, attempt, beforeExecute, adopted, done, token, true);
  }
  return startApprovedCall(ready, run, beforeExecute, adopted, approval, done, token);
}

/** A call approval resolved: its outcome carries `approval`. Apart so that only it pays a closure. */
function startApprovedCall<TToken>(
  ready: ReadyBatchCall,
  run: ToolRun,
  beforeExecute: BeforeExecute | undefined,
  adopted: ToolDispatchResult | undefined,
  approval: ToolCallApproval,
  done: OutcomeCallback<TToken>,
  token: TToken,
): ToolCallOutcome | undefined {
  const now = startPreparedCall(
    ready.prepared,
    run,
    ready.attempt,
    beforeExecute,
    adopted,
    (approved: TToken, outcome: ToolCallOutcome) => done(approved, withApproval(outcome, approval)),
    token,
    true,
  );
  return now === undefined ? undefined : withApproval(now, approval);
}

/** Writes the call's `started` record (and the dispatcher's key, for a remote call). */
function journalStart(
  prepared: PreparedCall,
  run: ToolRun,
  journal: BatchJournal,
  attempt: number,
): BeforeExecute {
  const replay = readReplay(prepared.tool);
  const dispatchKey = isDispatched(run.dispatcher, prepared.tool)
    ? `${run.batchId}:${prepared.toolCall.id}`
    : undefined;
  return () => journal.started(prepared.toolCall.id, attempt, replay, dispatchKey);
}
