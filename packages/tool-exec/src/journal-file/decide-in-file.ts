// A decision from any process, without the batch lock (SPEC §15): one O_APPEND write of one line
// (under 4 KiB, so concurrent writers never interleave) to `<batchId>.decisions.jsonl`, synced.
// The first line per call wins; a writer learns whether it won by reading the file back and
// finding its own nonce first.
import { randomUUID } from "node:crypto";
import { open } from "node:fs/promises";
import type { DecisionRecord } from "../journal/journal-record";
import type { JournalWriteResult } from "../journal/tool-call-journal";
import { ToolBatchError } from "../model/tool-batch-error";
import type { FileJournalSync } from "./create-file-appender";
import { readDecisionsFile } from "./read-batch-files";

/** Longest decision line: one `write` of this size is never interleaved with another. */
export const MAX_DECISION_LINE_BYTES = 4096;

/** Appends `record` to the decisions file at `path` unless its call is decided; see the header. */
export async function decideInFile(
  path: string,
  record: DecisionRecord,
  sync: FileJournalSync,
  syncFolder: () => Promise<void>,
): Promise<JournalWriteResult> {
  const before = await readDecisionsFile(path);
  if (before.some((stored) => stored.record.callId === record.callId)) return "duplicate";
  const nonce = randomUUID();
  const line = `${JSON.stringify({ record, nonce })}\n`;
  const bytes = Buffer.byteLength(line);
  if (bytes > MAX_DECISION_LINE_BYTES) {
    throw new ToolBatchError(
      "INVALID_ARGUMENT",
      `A decision record for call ${record.callId} is ${bytes} bytes as a line; the file journal takes at most ${MAX_DECISION_LINE_BYTES} (shorten its message)`,
    );
  }
  const handle = await open(path, "a");
  try {
    const created = (await handle.stat()).size === 0;
    await handle.write(line);
    if (sync !== "none") await handle.datasync();
    if (created && sync !== "none") await syncFolder();
  } finally {
    await handle.close();
  }
  const after = await readDecisionsFile(path);
  const winner = after.find((stored) => stored.record.callId === record.callId);
  return winner?.nonce === nonce ? "recorded" : "duplicate";
}
