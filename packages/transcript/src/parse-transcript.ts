import type { Message } from "@toolwright/tool-core";
import { describeMessageProblem } from "./describe-message-problem";
import { TranscriptError } from "./transcript-error";

/**
 * Loads a JSONL transcript (one message per line, as `serializeTranscript` writes it). Blank
 * lines are skipped. Each line must be a JSON object with a known `role` and that role's fields
 * (system messages: `content`, `timestamp`, well-formed `toolsAdded`/`toolsRemoved`); unknown
 * extra fields are kept. The first malformed line throws a `TranscriptError`
 * (`INVALID_TRANSCRIPT`, with `line`) whose message names the 1-based line and what was wrong.
 *
 * The messages are `JSON.parse`'s own objects: a `__proto__` key stays plain data. Loaded
 * transcripts replay (`getCurrentTools`) to the same tools as the saved ones.
 */
export function parseTranscript(text: string): Message[] {
  if (typeof text !== "string") {
    throw new TranscriptError("INVALID_ARGUMENT", "A transcript must be a string of JSON lines");
  }
  const messages: Message[] = [];
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    if (line.trim() === "") continue;
    const lineNumber = index + 1;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new TranscriptError(
        "INVALID_TRANSCRIPT",
        `Invalid transcript at line ${lineNumber}: not valid JSON (${reason})`,
        { cause: error, line: lineNumber },
      );
    }
    const problem = describeMessageProblem(value);
    if (problem !== undefined) {
      throw new TranscriptError(
        "INVALID_TRANSCRIPT",
        `Invalid transcript at line ${lineNumber}: ${problem}`,
        { line: lineNumber },
      );
    }
    messages.push(value as Message);
  }
  return messages;
}
