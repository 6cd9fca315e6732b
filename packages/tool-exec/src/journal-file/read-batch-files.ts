// Reading a batch's two files: `<batchId>.jsonl` (every record but decisions, first line the
// batch record) and `<batchId>.decisions.jsonl` (decisions from any process, first per call wins).
import { readFile } from "node:fs/promises";
import { findJournalRecordProblem } from "../journal/find-journal-record-problem";
import type { DecisionRecord, JournalRecord } from "../journal/journal-record";
import { parseJournalLines } from "./parse-journal-lines";

/** The main file's records and how many bytes hold them (the rest is a torn tail). */
export interface MainFileContent {
  readonly records: JournalRecord[];
  readonly validBytes: number;
  readonly size: number;
}

/** Reads `<batchId>.jsonl`; `undefined` when it does not exist. */
export async function readMainFile(path: string): Promise<MainFileContent | undefined> {
  const bytes = await readIfExists(path);
  return bytes === undefined ? undefined : parseMainFile(bytes, path);
}

/** The records of a `<batchId>.jsonl` file's bytes (read from `path`). */
export function parseMainFile(bytes: Buffer, path: string): MainFileContent {
  const parsed = parseJournalLines(bytes, path, (record, line) => {
    const problem = findJournalRecordProblem(record);
    if (problem !== undefined) return problem;
    const isBatch = (record as { t?: unknown }).t === "batch";
    if (line === 1 && !isBatch) return "the first record is not the batch record";
    if (line > 1 && isBatch) return "a second batch record";
    if ((record as { t?: unknown }).t === "decision")
      return "a decision outside the decisions file";
    return undefined;
  });
  return {
    records: parsed.records as JournalRecord[],
    validBytes: parsed.validBytes,
    size: bytes.length,
  };
}

/** A decision as the decisions file stores it: the record plus the writer's nonce. */
export interface StoredDecision {
  readonly record: DecisionRecord;
  readonly nonce: string;
}

/** The winning decision of each call, in the order they were made. */
export async function readDecisionsFile(path: string): Promise<StoredDecision[]> {
  const bytes = await readIfExists(path);
  return bytes === undefined ? [] : parseDecisionsFile(bytes, path);
}

/** The winning decision of each call, from a decisions file's bytes (read from `path`). */
export function parseDecisionsFile(bytes: Buffer, path: string): StoredDecision[] {
  const parsed = parseJournalLines(bytes, path, (line) => {
    const { record, nonce } = line as { record?: { t?: unknown }; nonce?: unknown };
    if (typeof nonce !== "string") return "no nonce";
    if (record?.t !== "decision") return "not a decision record";
    return findJournalRecordProblem(record);
  });
  const winners = new Map<string, StoredDecision>();
  for (const stored of parsed.records as StoredDecision[]) {
    if (!winners.has(stored.record.callId)) winners.set(stored.record.callId, stored);
  }
  return [...winners.values()];
}

async function readIfExists(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
