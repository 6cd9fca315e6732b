// Anthropic mid-conversation tool changes (SPEC §8.9): the request's tools only ever grow (the
// state after the leading system messages, then every later declaration with `defer_loading`),
// and each later change becomes a `role: "system"` message anchored before the next assistant turn.
import type { ToolDeclaration } from "@toolwright/tool-core";
import { declarationsEqual, type RoleMessage, readToolFields } from "@toolwright/transcript";
import type { BindingEntry } from "./bind-provider-tools";
import type { AnthropicSystemMessage } from "./dialects/anthropic-types";
import { firstAppearanceOrder } from "./first-appearance-order";
import { ToolNameMap } from "./tool-name-map";

/** The Anthropic plan before compilation. */
export interface AnthropicChangePlan<M> {
  readonly names: ToolNameMap;
  readonly entries: readonly BindingEntry[];
  readonly folded: ReadonlySet<M>;
  readonly changes: readonly {
    sourceIndex: number;
    insertBeforeIndex: number;
    item: AnthropicSystemMessage;
  }[];
}

/** Replays the transcript's tool changes into an append-only tool list and system messages. */
export function planAnthropicChanges<M extends RoleMessage>(
  messages: readonly M[],
): AnthropicChangePlan<M> {
  const names = ToolNameMap.build(firstAppearanceOrder(messages), "anthropic");
  let leadingEnd = 0;
  while (leadingEnd < messages.length && messages[leadingEnd]?.role === "system") leadingEnd++;
  const current = new Map<string, { declaration: ToolDeclaration; providerName: string }>();
  // Every version introduced so far, by canonical name (versions of one name only ever match
  // each other, so a lookup stays linear in the transcript).
  const introduced = new Map<string, { declaration: ToolDeclaration; providerName: string }[]>();
  const folded = new Set<M>();
  const leading: BindingEntry[] = [];
  const later: BindingEntry[] = [];
  const changes: {
    sourceIndex: number;
    insertBeforeIndex: number;
    item: AnthropicSystemMessage;
  }[] = [];

  const introduce = (declaration: ToolDeclaration, isLeading: boolean): string => {
    const versions = introduced.get(declaration.name);
    const known = versions?.find((entry) => declarationsEqual(entry.declaration, declaration));
    if (known !== undefined) return known.providerName;
    const providerName =
      versions === undefined
        ? names.toProvider(declaration.name)
        : names.allocateVersion(declaration.name);
    if (versions === undefined) introduced.set(declaration.name, [{ declaration, providerName }]);
    else versions.push({ declaration, providerName });
    (isLeading ? leading : later).push({
      declaration,
      providerName,
      placement: "tools",
      deferLoading: !isLeading,
    });
    return providerName;
  };

  // The index of the next assistant message after each index (`messages.length`: none), found in
  // one backward pass instead of a forward scan per change.
  const nextAssistant = new Array<number>(messages.length);
  for (let index = messages.length - 1, next = messages.length; index >= 0; index--) {
    nextAssistant[index] = next;
    if (messages[index]?.role === "assistant") next = index;
  }

  messages.forEach((message, index) => {
    // Every system message counts (a leading one is folded, a later one's text is kept), with or
    // without a tool change.
    if (message.role !== "system") return;
    const { toolsAdded, toolsRemoved } = readToolFields(message, index);
    if (index < leadingEnd) {
      folded.add(message);
      for (const removal of toolsRemoved) current.delete(removal.name);
      for (const declaration of toolsAdded) {
        current.set(declaration.name, { declaration, providerName: "" });
      }
      if (index === leadingEnd - 1) {
        for (const [name, entry] of current)
          current.set(name, {
            declaration: entry.declaration,
            providerName: introduce(entry.declaration, true),
          });
      }
      return;
    }
    const content: AnthropicSystemMessage["content"] = [];
    const text = (message as RoleMessage & { readonly content?: unknown }).content;
    if (typeof text === "string" && text !== "") content.push({ type: "text", text });
    const removals: string[] = [];
    const additions: string[] = [];
    for (const { name } of toolsRemoved) {
      const entry = current.get(name);
      if (entry === undefined) continue;
      removals.push(entry.providerName);
      current.delete(name);
    }
    for (const declaration of toolsAdded) {
      const previous = current.get(declaration.name);
      if (previous !== undefined && declarationsEqual(previous.declaration, declaration)) continue;
      if (previous !== undefined) removals.push(previous.providerName);
      const providerName = introduce(declaration, false);
      current.set(declaration.name, { declaration, providerName });
      additions.push(providerName);
    }
    for (const name of removals)
      content.push({ type: "tool_removal", tool: { type: "tool_reference", name } });
    for (const name of additions)
      content.push({ type: "tool_addition", tool: { type: "tool_reference", name } });
    if (content.length === 0) return;
    const anchor = nextAssistant[index] ?? messages.length;
    const sameAnchor = changes.at(-1);
    if (sameAnchor !== undefined && sameAnchor.insertBeforeIndex === anchor) {
      sameAnchor.item.content.push(...content);
    } else {
      changes.push({
        sourceIndex: index,
        insertBeforeIndex: anchor,
        item: { role: "system", content },
      });
    }
  });
  return { names, entries: [...leading, ...later], folded, changes };
}
