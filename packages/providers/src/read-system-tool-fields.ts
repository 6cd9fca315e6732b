import type { ToolDeclaration } from "@toolwright/tool-core";
import type { RoleMessage } from "@toolwright/transcript";

/** The tool fields of a system message (already validated by `resolveTranscriptTools`). */
export interface SystemToolFields {
  readonly content: string;
  readonly added: readonly ToolDeclaration[];
  readonly removed: readonly string[];
}

/** The tool fields of `message`, or `undefined` when it is not a system message. */
export function readSystemToolFields(message: RoleMessage): SystemToolFields | undefined {
  if (message.role !== "system") return undefined;
  const system = message as RoleMessage & {
    content?: unknown;
    toolsAdded?: readonly ToolDeclaration[];
    toolsRemoved?: readonly { name: string }[];
  };
  return {
    content: typeof system.content === "string" ? system.content : "",
    added: system.toolsAdded ?? [],
    removed: (system.toolsRemoved ?? []).map((removal) => removal.name),
  };
}

/** Canonical names in the order they first appear in `toolsAdded`. */
export function firstAppearanceOrder(messages: readonly RoleMessage[]): string[] {
  const names = new Set<string>();
  for (const message of messages) {
    for (const declaration of readSystemToolFields(message)?.added ?? [])
      names.add(declaration.name);
  }
  return [...names];
}
