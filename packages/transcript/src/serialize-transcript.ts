import type { Message } from "@toolwright/tool-core";
import { describeMessageProblem } from "./describe-message-problem";
import { TranscriptError } from "./transcript-error";

/**
 * Writes a transcript as JSONL: one message per line, each line ending in `\n`. Every message is
 * checked as `parseTranscript` will check it, so what is saved can be loaded again; a message
 * that is not JSON or not a valid message throws a `TranscriptError` (`INVALID_MESSAGE`) naming
 * its index. `undefined` fields are dropped, as JSON drops them.
 */
export function serializeTranscript(messages: readonly Message[]): string {
  let text = "";
  for (let index = 0; index < messages.length; index++) {
    let line: string | undefined;
    try {
      line = JSON.stringify(messages[index]);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new TranscriptError(
        "INVALID_MESSAGE",
        `Message ${index} cannot be serialised: ${reason}`,
        { cause: error },
      );
    }
    // Checked on the JSON form, exactly what a later load will see.
    const problem =
      line === undefined
        ? "a message must be a JSON object"
        : describeMessageProblem(JSON.parse(line));
    if (problem !== undefined) {
      throw new TranscriptError(
        "INVALID_MESSAGE",
        `Message ${index} cannot be serialised: ${problem}`,
      );
    }
    text += `${line}\n`;
  }
  return text;
}
