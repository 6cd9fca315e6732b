import type { ToolDeclaration } from "@toolwright/tool-core";
import { applyToolFields } from "./apply-tool-fields";
import { findNonAdditiveToolChanges } from "./find-non-additive-tool-changes";
import { readToolFields } from "./read-tool-fields";
import type { RoleMessage } from "./role-message";
import { TranscriptError } from "./transcript-error";

/**
 * How far a provider can carry tool changes inside the conversation:
 * - `"none"`: only a top-level tool list (every change is folded into it);
 * - `"additions"`: a top-level list plus tools added mid-conversation, but no removal or
 *   redefinition;
 * - `"changes"`: system messages carry additions and removals in place.
 */
export type TranscriptToolSupport = "none" | "additions" | "changes";

/** What a provider adapter sends for a transcript. */
export interface ResolvedTranscriptTools<TMessage> {
  /** The tools for the request's top-level tool list. */
  readonly requestTools: ToolDeclaration[];
  /**
   * The system messages whose `toolsAdded`/`toolsRemoved` are represented by `requestTools`:
   * send them without those fields (their `content` stays in place). The other system messages
   * carry their tool changes in place.
   */
  readonly foldedSystemMessages: ReadonlySet<TMessage>;
  /** Messages before this index are folded; those from it on are anchored in place. */
  readonly foldIndex: number;
}

const supportModes: readonly string[] = ["none", "additions", "changes"];

/**
 * Splits a transcript's tool declarations between the request's top-level tool list and the
 * system messages, for a provider with the given `support`:
 *
 * - `"none"` → every current tool in `requestTools`, every system message folded;
 * - `"changes"` → no `requestTools`, nothing folded;
 * - `"additions"` → fold up to just after the last non-additive system message (one that removes
 *   a present tool or redeclares a present name), and at least the leading run of system
 *   messages; `requestTools` is the state at that point, and the later pure additions stay in
 *   place, so a new tool does not change the top-level list (nor break the cached prefix).
 *
 * Throws a `TranscriptError`: `INVALID_ARGUMENT` for an unknown `support`, `INVALID_MESSAGE` for
 * a malformed tool field.
 */
export function resolveTranscriptTools<TMessage extends RoleMessage>(
  messages: readonly TMessage[],
  support: TranscriptToolSupport,
): ResolvedTranscriptTools<TMessage> {
  if (!supportModes.includes(support)) {
    throw new TranscriptError(
      "INVALID_ARGUMENT",
      `Unknown transcript tool support ${JSON.stringify(support) ?? String(support)}: expected "none", "additions" or "changes"`,
    );
  }
  const foldIndex =
    support === "none" ? messages.length : support === "changes" ? 0 : findFoldIndex(messages);
  const state = new Map<string, ToolDeclaration>();
  const foldedSystemMessages = new Set<TMessage>();
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index] as TMessage;
    // Read every message, so a malformed one fails in every mode alike.
    const fields = readToolFields(message, index);
    if (index >= foldIndex) continue;
    applyToolFields(state, fields);
    if (message.role === "system") foldedSystemMessages.add(message);
  }
  return { requestTools: [...state.values()], foldedSystemMessages, foldIndex };
}

function findFoldIndex(messages: readonly RoleMessage[]): number {
  let leadingEnd = 0;
  while (leadingEnd < messages.length && messages[leadingEnd]?.role === "system") leadingEnd++;
  const nonAdditive = findNonAdditiveToolChanges(messages);
  const lastNonAdditive = nonAdditive.at(-1) ?? -1;
  return Math.max(leadingEnd, lastNonAdditive + 1);
}
