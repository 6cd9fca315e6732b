// Test-only helpers (not exported from the package): declarations and system messages for tables.
import type { SystemMessage, ToolDeclaration } from "@toolwright/tool-core";

/** A declaration named `name` with an empty object schema. */
export function makeTestDeclaration(
  name: string,
  description = `The ${name} tool`,
): ToolDeclaration {
  return { name, description, parameters: { type: "object" } };
}

/** A system message adding `toolsAdded` and removing `removed`; empty fields are omitted. */
export function makeTestSystemMessage(
  toolsAdded: readonly ToolDeclaration[] = [],
  removed: readonly string[] = [],
): SystemMessage {
  return {
    role: "system",
    content: "",
    timestamp: 0,
    ...(toolsAdded.length > 0 ? { toolsAdded } : {}),
    ...(removed.length > 0 ? { toolsRemoved: removed.map((name) => ({ name })) } : {}),
  };
}
