import type { ToolDeclaration, ToolRemoval } from "@toolwright/tool-core";
import { TranscriptError } from "./transcript-error";

/** The tool change one system message carries: what {@link readToolFields} returns. */
export interface ToolFields {
  /** The message's `toolsAdded` (the message's own array, not a copy); empty when absent. */
  readonly toolsAdded: readonly ToolDeclaration[];
  /** The message's `toolsRemoved` (the message's own array, not a copy); empty when absent. */
  readonly toolsRemoved: readonly ToolRemoval[];
}

// Frozen all the way down: it is shared by every message without tool fields and handed to
// callers outside the package.
const noFields: ToolFields = Object.freeze({
  toolsAdded: Object.freeze([]),
  toolsRemoved: Object.freeze([]),
});

/**
 * Reads the tool change `message` carries: its `toolsAdded` and `toolsRemoved`, each an empty
 * array when absent, and both empty for any message that is not a system message. This is the one
 * reader of those fields that the transcript functions and `@toolwright/providers` use, so an
 * application that walks a transcript itself sees exactly what replaying it sees.
 *
 * The message may come from anywhere (a file, a network, user code), so it is checked enough that
 * replaying it cannot go wrong silently: a system message's fields must be arrays when present, and
 * every entry an object with a string `name`. The rest of a declaration (`description`,
 * `parameters`) is not checked here; `parseTranscript` checks whole messages. Cost: linear in the
 * number of entries. The arrays returned are the message's own (or a shared frozen empty array):
 * read them, never mutate them.
 *
 * @param message - Any value; a non-system message has no tool change.
 * @param index - The message's position in its transcript, named in the error.
 * @throws {@link TranscriptError} `INVALID_MESSAGE` naming the message index (and the field and
 * entry) when `message` is not an object or its tool fields are malformed.
 */
export function readToolFields(message: unknown, index: number): ToolFields {
  if (typeof message !== "object" || message === null) {
    throw new TranscriptError("INVALID_MESSAGE", `Message ${index} is not an object`);
  }
  const { role, toolsAdded, toolsRemoved } = message as {
    role?: unknown;
    toolsAdded?: unknown;
    toolsRemoved?: unknown;
  };
  if (role !== "system" || (toolsAdded === undefined && toolsRemoved === undefined)) {
    return noFields;
  }
  return {
    toolsAdded: readNamedEntries(toolsAdded, "toolsAdded", index) as readonly ToolDeclaration[],
    toolsRemoved: readNamedEntries(toolsRemoved, "toolsRemoved", index) as readonly ToolRemoval[],
  };
}

function readNamedEntries(value: unknown, field: string, index: number): readonly object[] {
  if (value === undefined) return noFields.toolsAdded;
  if (!Array.isArray(value)) {
    throw new TranscriptError("INVALID_MESSAGE", `Message ${index}: ${field} must be an array`);
  }
  for (let entryIndex = 0; entryIndex < value.length; entryIndex++) {
    const entry: unknown = value[entryIndex];
    if (
      typeof entry !== "object" ||
      entry === null ||
      typeof (entry as { name?: unknown }).name !== "string"
    ) {
      throw new TranscriptError(
        "INVALID_MESSAGE",
        `Message ${index}: ${field}[${entryIndex}] must be an object with a string name`,
      );
    }
  }
  return value as readonly object[];
}
