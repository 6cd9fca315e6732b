import type { SuspendedBatch } from "../model/suspended-batch";
import { buildJournaledState } from "./build-journaled-state";
import { readJournaledBatch } from "./read-journaled-batch";
import type { ToolCallJournal } from "./tool-call-journal";

/** Options of {@link loadSuspendedToolBatch}. */
export interface LoadSuspendedToolBatchOptions {
  /** Signs the state, for a `resumeToolBatch` that verifies states with the same secret. */
  readonly stateSecret?: string | Uint8Array;
}

/**
 * The `SuspendedBatch` of a batch, rebuilt from its journal: settled calls with their
 * recorded outcomes, calls with an `approval` record awaiting, the rest deferred, at the journal's
 * revision. Resume it with `resumeToolBatch(state, decisions, { journal })`, which also applies the
 * decisions `submitToolDecision` recorded. Rejects with `ToolBatchError` `INVALID_STATE` for a
 * batch the journal does not have, or one with a call that was started but never settled (a crash:
 * use `recoverToolBatch`). Reads only; takes no lock.
 */
export async function loadSuspendedToolBatch(
  journal: ToolCallJournal,
  batchId: string,
  options: LoadSuspendedToolBatchOptions = {},
): Promise<SuspendedBatch> {
  const journaled = readJournaledBatch(batchId, await journal.read(batchId));
  return buildJournaledState(journaled, "reject", options.stateSecret);
}
