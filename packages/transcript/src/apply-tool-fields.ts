import type { ToolDeclaration } from "@toolwright/tool-core";
import type { ToolFields } from "./read-tool-fields";

/**
 * Applies one system message's change to an ordered tool state: removals first, then additions.
 * `Map.set` keeps an existing key's place, so a redefinition keeps its position, while a removal
 * followed by an addition (in one message or two) moves the tool to the end.
 */
export function applyToolFields(state: Map<string, ToolDeclaration>, fields: ToolFields): void {
  for (const removal of fields.toolsRemoved) state.delete(removal.name);
  for (const declaration of fields.toolsAdded) state.set(declaration.name, declaration);
}
