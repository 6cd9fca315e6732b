import type { ToolDeclaration } from "@toolwright/tool-core";
import { applyToolFields } from "./apply-tool-fields";
import { readToolFields, type ToolFields } from "./read-tool-fields";
import type { RoleMessage } from "./role-message";

/**
 * The indices of the non-additive system messages of `messages`, replayed from the start: a
 * message is non-additive when it removes a tool that is present, or declares a name that is
 * present (a redefinition, including a name repeated within its own `toolsAdded`). Removing a
 * name that is not present changes nothing and does not count. Throws a `TranscriptError`
 * (`INVALID_MESSAGE`) for a malformed tool field.
 */
export function findNonAdditiveToolChanges(messages: readonly RoleMessage[]): number[] {
  const state = new Map<string, ToolDeclaration>();
  const indices: number[] = [];
  messages.forEach((message, index) => {
    const fields = readToolFields(message, index);
    if (isNonAdditive(state, fields)) indices.push(index);
    applyToolFields(state, fields);
  });
  return indices;
}

function isNonAdditive(state: ReadonlyMap<string, ToolDeclaration>, fields: ToolFields): boolean {
  if (fields.toolsRemoved.some((removal) => state.has(removal.name))) return true;
  const seen = new Set<string>();
  for (const declaration of fields.toolsAdded) {
    if (state.has(declaration.name) || seen.has(declaration.name)) return true;
    seen.add(declaration.name);
  }
  return false;
}
