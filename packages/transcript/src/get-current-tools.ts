import type { ToolDeclaration } from "@toolwright/tool-core";
import { type DeclarationCaches, defaultDeclarationCaches } from "./declaration-caches";
import { replayToolState } from "./replay-tool-state";
import type { RoleMessage } from "./role-message";

/**
 * The tools the model knows at the end of `messages`: every system message replayed in order,
 * each applying its `toolsRemoved` then its `toolsAdded`, into an ordered map. A redefinition
 * keeps its place; a removal followed by an addition moves the tool to the end. Non-system
 * messages are ignored, so any message type with a `role` works.
 *
 * The declarations are the transcript's own objects (not copies). The replay is cached per array
 * and extended incrementally when the array grows (see the limits of in-place edits in the
 * package README). Throws a `TranscriptError` (`INVALID_MESSAGE`) for a malformed tool field. Uses
 * the default instance's caches (see `createToolDeclarations`).
 */
export function getCurrentTools(messages: readonly RoleMessage[]): ToolDeclaration[] {
  return getCurrentToolsIn(defaultDeclarationCaches, messages);
}

/** {@link getCurrentTools} with the caches of one `createToolDeclarations()` instance. */
export function getCurrentToolsIn(
  caches: DeclarationCaches,
  messages: readonly RoleMessage[],
): ToolDeclaration[] {
  return [...replayToolState(caches, messages).values()];
}
