import type { ToolDeclaration, ToolRemoval } from "@toolwright/tool-core";
import { TranscriptError } from "./transcript-error";

/** The tool change one system message carries. */
export interface ToolFields {
  readonly toolsAdded: readonly ToolDeclaration[];
  readonly toolsRemoved: readonly ToolRemoval[];
}

const noFields: ToolFields = Object.freeze({ toolsAdded: [], toolsRemoved: [] });

/**
 * The tool change carried by `message` (empty for every non-system message), checked enough that
 * replaying it cannot go wrong silently: both fields arrays when present, every entry an object
 * with a string `name`. Throws a `TranscriptError` (`INVALID_MESSAGE`) naming the message index.
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
  if (value === undefined) return [];
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
