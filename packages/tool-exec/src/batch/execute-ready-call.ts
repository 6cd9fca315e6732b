import { type BeforeExecute, type CallStart, FIRST_START } from "../call/call-frame";
import { isDispatched } from "../call/dispatch-tool-call";
import { startPreparedCall } from "../call/execute-tool";
import { type OutcomeCallback, resolveWithOutcome } from "../call/outcome-callback";
import type { PreparedCall } from "../call/prepared-call";
import { readReplay } from "../call/read-replay";
import type { ToolRun } from "../call/tool-run";
import type { BatchJournal } from "../journal/batch-journal";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import { preparedOf, type ReadyCall } from "./ready-call";

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
  return startPreparedCall(preparedOf(ready), run, readyStart(ready, run, journal), done, token);
}

/** How a ready call starts: its attempt, its `started` record, what recovery adopted, its approval. */
function readyStart(ready: ReadyCall, run: ToolRun, journal: BatchJournal | undefined): CallStart {
  if (ready.type === "prepared") {
    if (journal === undefined) return FIRST_START;
    return { ...FIRST_START, beforeExecute: journalStart(ready, run, journal, 1) };
  }
  const { prepared, attempt, remote, approval } = ready;
  // A call recovery adopts or awaits remotely is not started again (SPEC §15).
  const beforeExecute =
    journal !== undefined && remote === undefined
      ? journalStart(prepared, run, journal, attempt)
      : undefined;
  const adopted = remote?.kind === "adopt" ? remote.result : undefined;
  return { attempt, beforeExecute, adopted, approval };
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
