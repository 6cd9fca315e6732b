// Reads a JSONL journal file's bytes. Every line is one JSON record ending in "\n". The last line
// may be a torn append (a crash in the middle of a write): a write is cut short, so a torn line is
// one without its "\n". It is ignored, and its length reported so that the writer can cut it off.
// Any other bad line — the last one included, when it ends in "\n" — is corruption: reading stops
// with JOURNAL_CORRUPT naming the file and the line, never skipping it (a dropped `started` record
// would let recovery run a `never` call again).

import { findJournalRecordProblem } from "../journal/find-journal-record-problem";
import { ToolBatchError } from "../model/tool-batch-error";

const NEWLINE = 0x0a;

/** The records of a journal file, and how many leading bytes hold them. */
export interface ParsedJournalLines {
  readonly records: unknown[];
  /** Bytes of the complete, valid lines; anything after them is a torn tail. */
  readonly validBytes: number;
}

/**
 * Parses `bytes` (the content of `file`) into records, each checked by `checkRecord` (by default
 * the journal record shape rules; it returns a problem or `undefined`).
 */
export function parseJournalLines(
  bytes: Uint8Array,
  file: string,
  checkRecord: (record: unknown, line: number) => string | undefined = findJournalRecordProblem,
): ParsedJournalLines {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records: unknown[] = [];
  let start = 0;
  let line = 0;
  while (start < buffer.length) {
    line++;
    const end = buffer.indexOf(NEWLINE, start);
    // A last line without its newline is torn, whatever it holds.
    if (end === -1) break;
    let record: unknown;
    let problem: string | undefined;
    try {
      record = JSON.parse(buffer.toString("utf8", start, end));
    } catch (error) {
      problem = `not JSON (${(error as Error).message})`;
    }
    problem ??= checkRecord(record, line);
    if (problem !== undefined) {
      throw new ToolBatchError(
        "JOURNAL_CORRUPT",
        `Journal file ${file} is corrupt at line ${line}: ${problem}`,
      );
    }
    records.push(record);
    start = end + 1;
  }
  return { records, validBytes: start };
}
