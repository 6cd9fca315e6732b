import type { Message, SystemMessage, ToolDeclaration } from "@toolwright/tool-core";
import type { DeclarableTool } from "./declarable-tool";
import { createDeclarationCaches } from "./declaration-caches";
import { declarationsEqualIn } from "./declarations-equal";
import {
  type DeclareToolChangesOptions,
  declareToolChangesIn,
  type ToolDeclarationContext,
} from "./declare-tool-changes";
import { explainToolChangesIn, type ToolChangeExplanation } from "./explain-tool-changes";
import { getCurrentToolsIn } from "./get-current-tools";
import { getToolStateChangesIn, type ToolStateChanges } from "./get-tool-state-changes";
import type { RoleMessage } from "./role-message";
import { toToolDeclarationIn } from "./to-tool-declaration";

/**
 * The functions of this package that remember work between calls, bound to caches of their own:
 * serialised declarations, pairs found equal, and the incremental replay of each transcript. Each
 * behaves exactly like the plain export of the same name.
 */
export interface ToolDeclarations {
  /** See the plain `toToolDeclaration`. */
  toToolDeclaration(tool: DeclarableTool): ToolDeclaration;
  /** See the plain `declarationsEqual`. */
  declarationsEqual(a: DeclarableTool, b: DeclarableTool): boolean;
  /** See the plain `getCurrentTools`. */
  getCurrentTools(messages: readonly RoleMessage[]): ToolDeclaration[];
  /** See the plain `getToolStateChanges`. */
  getToolStateChanges(
    previous: readonly DeclarableTool[],
    current: readonly DeclarableTool[],
  ): ToolStateChanges;
  /** See the plain `declareToolChanges`. */
  declareToolChanges<TMessage extends RoleMessage = Message>(
    context: ToolDeclarationContext<TMessage>,
    pending: readonly TMessage[],
    options?: DeclareToolChangesOptions,
  ): readonly (TMessage | SystemMessage)[];
  /** See the plain `explainToolChanges`. */
  explainToolChanges(
    previous: readonly DeclarableTool[],
    current: readonly DeclarableTool[],
  ): ToolChangeExplanation[];
}

/**
 * A set of the caching functions with caches of its own — one per session (or per tenant), so
 * nothing one session's transcript or tools leave behind is seen or kept alive by another. The
 * plain exports use one default instance, which is fine for a single-session application.
 * Caches are weak where they key by object; the only strong reference is to the instance's most
 * recent replay, released with the instance.
 *
 * @example
 * ```ts
 * const declarations = createToolDeclarations();
 * const outgoing = declarations.declareToolChanges({ messages: transcript, tools }, pending);
 * ```
 */
export function createToolDeclarations(): ToolDeclarations {
  const caches = createDeclarationCaches();
  return {
    toToolDeclaration: (tool) => toToolDeclarationIn(caches, tool),
    declarationsEqual: (a, b) => declarationsEqualIn(caches, a, b),
    getCurrentTools: (messages) => getCurrentToolsIn(caches, messages),
    getToolStateChanges: (previous, current) => getToolStateChangesIn(caches, previous, current),
    declareToolChanges: (context, pending, options) =>
      declareToolChangesIn(caches, context, pending, options),
    explainToolChanges: (previous, current) => explainToolChangesIn(caches, previous, current),
  };
}
