import type { ToolCallJournal } from "./tool-call-journal";

/**
 * The batches to recover after a restart: those with a `batch` record and no `completed` record,
 * as batch ids. A suspended batch is open too: `recoverToolBatch` returns it suspended
 * again, without running anything that awaits a human.
 */
export async function listOpenToolBatches(journal: ToolCallJournal): Promise<string[]> {
  return [...(await journal.listOpen())];
}
