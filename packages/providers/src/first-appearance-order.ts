import { type RoleMessage, readToolFields } from "@toolwright/transcript";

/**
 * Canonical names in the order they first appear in the transcript's `toolsAdded`: the order
 * provider names are allocated in, so the same transcript always gets the same names.
 */
export function firstAppearanceOrder(messages: readonly RoleMessage[]): string[] {
  const names = new Set<string>();
  for (let index = 0; index < messages.length; index++) {
    for (const declaration of readToolFields(messages[index], index).toolsAdded) {
      names.add(declaration.name);
    }
  }
  return [...names];
}
