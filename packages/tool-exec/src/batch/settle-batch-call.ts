import type { CallFrame } from "../call/call-frame";
import type { SettledRecovery } from "../journal/journal-record";
import type { MaybePromise } from "../maybe-async";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import type { BatchProgress } from "./batch-progress";

/**
 * Ends one call of a batch: its `settled` record (with a journal, awaited first), then
 * `tool_execution_end`. Returns the outcome to keep (an end listener's failure replaces it, as
 * always; the journal keeps the outcome the call ended with).
 */
export function settleBatchCall(
  batch: BatchProgress,
  outcome: ToolCallOutcome,
  attempt?: number,
  recovery?: SettledRecovery,
): MaybePromise<ToolCallOutcome> {
  const journal = batch.journal;
  if (journal === undefined) return batch.events.end(outcome);
  return journal.settled(outcome, attempt, recovery).then(() => batch.events.end(outcome));
}

/** The `recovery` tag of an executed call's `settled` record: a remote result recovery adopted. */
export function recoveryOf(frame: CallFrame): SettledRecovery | undefined {
  return frame.start.adopted === undefined ? undefined : "adopted_remote";
}
