import type { CallFrame } from "../call/call-frame";
import { isDispatched } from "../call/dispatch-tool-call";
import { executePreparedCall, startPreparedCall } from "../call/execute-tool";
import { readReplay } from "../call/read-replay";
import type { BatchJournal } from "../journal/batch-journal";
import type { ToolCallOutcome } from "../model/tool-call-outcome";

/**
 * Steps 6–7 of a ready call of a batch, with its `started` record (and the dispatcher's key, when
 * the call runs remotely) written right before `execute` when the batch has a journal; the outcome
 * carries how approval resolved the call, if it did.
 */
export function executeReadyCall(
  frame: CallFrame,
  journal: BatchJournal | undefined,
): Promise<ToolCallOutcome> {
  if (journal !== undefined) journalStart(frame, journal);
  return executePreparedCall(frame);
}

/**
 * {@link executeReadyCall} in the form of `startPreparedCall`: the outcome when the call ended at
 * once, else `undefined` and the frame's owner receives it later.
 */
export function startReadyCall(
  frame: CallFrame,
  journal: BatchJournal | undefined,
): ToolCallOutcome | undefined {
  if (journal !== undefined) journalStart(frame, journal);
  return startPreparedCall(frame);
}

/**
 * Makes the call write its `started` record (and the dispatcher's key, for a remote call) before
 * `execute`; not for a call recovery adopts or awaits remotely, which is not started again
 * (SPEC §15).
 */
function journalStart(frame: CallFrame, journal: BatchJournal): void {
  const { toolCall, tool, run, start } = frame;
  if (start.remote) return;
  const replay = readReplay(tool);
  const dispatchKey = isDispatched(run.dispatcher, tool)
    ? `${run.batchId}:${toolCall.id}`
    : undefined;
  const beforeExecute = () => journal.started(toolCall.id, start.attempt, replay, dispatchKey);
  frame.start = { ...start, beforeExecute };
}
