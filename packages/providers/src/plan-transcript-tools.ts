// Which `resolveTranscriptTools` mode each dialect uses, and the in-conversation tool change items
// (SPEC §8.9): Responses `additional_tools`, Anthropic mid-conversation system messages.
import type { ToolDeclaration } from "@toolwright/tool-core";
import {
  type RoleMessage,
  readToolFields,
  resolveTranscriptTools,
  type TranscriptToolSupport,
} from "@toolwright/transcript";
import type { BindingEntry } from "./bind-provider-tools";
import { bindProviderTools } from "./bind-provider-tools";
import { firstAppearanceOrder } from "./first-appearance-order";
import { planAnthropicChanges } from "./plan-anthropic-changes";
import { assertProviderDialect, type ProviderDialect } from "./provider-dialect";
import type { ProviderToolOptions } from "./provider-tool-options";
import type { ProviderTools } from "./provider-tools";
import type { ProviderToolChange } from "./provider-types";
import { ToolNameMap } from "./tool-name-map";

/** One tool change to insert among the provider messages the application builds. */
export interface PlannedToolChange<D extends ProviderDialect> {
  /** The transcript index of the system message it comes from (the first, when merged). */
  readonly sourceIndex: number;
  /** Insert before the provider message made from this transcript index (`messages.length`: at the end). */
  readonly insertBeforeIndex: number;
  readonly item: ProviderToolChange<D>;
}

/** What `planTranscriptTools` decided for one request. */
export interface TranscriptToolPlan<D extends ProviderDialect, M> {
  readonly support: TranscriptToolSupport;
  /** The request payload and the binding (history-only declarations included, for mapping back). */
  readonly tools: ProviderTools<D>;
  /** System messages whose tool fields are in `tools`: send their text only. */
  readonly foldedSystemMessages: ReadonlySet<M>;
  /** In-conversation tool changes, in transcript order. */
  readonly toolChanges: readonly PlannedToolChange<D>[];
}

const anthropicBeta = "mid-conversation-tool-changes-2026-07-01";

/**
 * Plans the tools of a request from a transcript: the top-level `tools`, which system messages
 * are folded into them, and the in-conversation tool change items. Chat and Gemini fold every
 * change; Responses (`midConversationTools`) anchors pure additions as `additional_tools` items;
 * Anthropic (`midConversationTools`) keeps a list that only grows (`defer_loading` for later
 * tools) and turns each later change into a `role: "system"` message before the next assistant
 * turn. Deterministic: the same transcript gives the same plan and the same names.
 */
export function planTranscriptTools<D extends ProviderDialect, M extends RoleMessage>(
  messages: readonly M[],
  dialect: D,
  options: ProviderToolOptions = {},
): TranscriptToolPlan<D, M> {
  assertProviderDialect(dialect);
  const midConversation = options.midConversationTools === true;
  if (dialect === "anthropic" && midConversation) {
    resolveTranscriptTools(messages, "changes");
    const plan = planAnthropicChanges(messages);
    const binding = bindProviderTools(dialect, plan.entries, plan.names, options, [anthropicBeta]);
    return {
      support: "changes",
      tools: binding.tools,
      foldedSystemMessages: plan.folded,
      toolChanges: plan.changes as unknown as PlannedToolChange<D>[],
    };
  }
  const support: TranscriptToolSupport =
    dialect === "openai-responses" && midConversation ? "additions" : "none";
  const resolved = resolveTranscriptTools(messages, support);
  const names = ToolNameMap.build(firstAppearanceOrder(messages), dialect);
  const entries: BindingEntry[] = [];
  const placed = new Set<string>();
  for (const declaration of resolved.requestTools) {
    entries.push({
      declaration,
      providerName: names.toProvider(declaration.name),
      placement: "tools",
    });
    placed.add(declaration.name);
  }
  const inline: { index: number; declarations: ToolDeclaration[] }[] = [];
  const latest = new Map<string, ToolDeclaration>();
  messages.forEach((message, index) => {
    const { toolsAdded } = readToolFields(message, index);
    for (const declaration of toolsAdded) latest.set(declaration.name, declaration);
    if (index < resolved.foldIndex || toolsAdded.length === 0) return;
    inline.push({ index, declarations: [...toolsAdded] });
    for (const declaration of toolsAdded) {
      entries.push({
        declaration,
        providerName: names.toProvider(declaration.name),
        placement: "inline",
      });
      placed.add(declaration.name);
    }
  });
  for (const [name, declaration] of latest) {
    if (!placed.has(name))
      entries.push({ declaration, providerName: names.toProvider(name), placement: "history" });
  }
  const binding = bindProviderTools(dialect, entries, names, options);
  const toolChanges = inline.map(({ index, declarations }) => {
    const source = messages[index] as unknown as { content?: unknown };
    return {
      sourceIndex: index,
      insertBeforeIndex: source.content === "" ? index : index + 1,
      item: {
        type: "additional_tools",
        role: "developer",
        tools: declarations.map((declaration) => binding.payloads.get(declaration)),
      },
    };
  });
  return {
    support,
    tools: binding.tools,
    foldedSystemMessages: resolved.foldedSystemMessages,
    toolChanges: toolChanges as unknown as PlannedToolChange<D>[],
  };
}
