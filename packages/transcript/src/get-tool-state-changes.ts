import type { ToolDeclaration, ToolRemoval } from "@toolwright/tool-core";
import type { DeclarableTool } from "./declarable-tool";
import { type DeclarationCaches, defaultDeclarationCaches } from "./declaration-caches";
import { declarationsEqualIn } from "./declarations-equal";
import { toToolDeclarationIn } from "./to-tool-declaration";

/** The change from one complete tool state to another, as a system message carries it. */
export interface ToolStateChanges {
  /** New or changed tools, in `current` order, as fresh declarations. */
  readonly toolsAdded: ToolDeclaration[];
  /** Missing or changed tools, in `previous` order. */
  readonly toolsRemoved: ToolRemoval[];
}

/**
 * Compares two complete tool states by name. A tool only in `current` is added, one only in
 * `previous` is removed, and one whose declaration changed (see `declarationsEqual`) is both
 * removed and added — a changed definition is a withdrawal plus a new declaration, never an edit
 * in place. Names are expected to be unique within each state. Uses the default instance's caches
 * (see `createToolDeclarations`).
 */
export function getToolStateChanges(
  previous: readonly DeclarableTool[],
  current: readonly DeclarableTool[],
): ToolStateChanges {
  return getToolStateChangesIn(defaultDeclarationCaches, previous, current);
}

/** {@link getToolStateChanges} with the caches of one `createToolDeclarations()` instance. */
export function getToolStateChangesIn(
  caches: DeclarationCaches,
  previous: readonly DeclarableTool[],
  current: readonly DeclarableTool[],
): ToolStateChanges {
  const previousByName = new Map(previous.map((tool) => [tool.name, tool]));
  const currentByName = new Map(current.map((tool) => [tool.name, tool]));
  const toolsAdded = current
    .filter((tool) => !isUnchangedIn(caches, previousByName, tool))
    .map((tool) => toToolDeclarationIn(caches, tool));
  const toolsRemoved = previous
    .filter((tool) => !isUnchangedIn(caches, currentByName, tool))
    .map((tool) => ({ name: tool.name }));
  return { toolsAdded, toolsRemoved };
}

function isUnchangedIn(
  caches: DeclarationCaches,
  state: ReadonlyMap<string, DeclarableTool>,
  tool: DeclarableTool,
): boolean {
  const other = state.get(tool.name);
  return other !== undefined && declarationsEqualIn(caches, other, tool);
}
