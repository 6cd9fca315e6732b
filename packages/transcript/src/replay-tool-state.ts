/**
 * Incremental replay of a transcript's tool changes.
 *
 * `declareToolChanges` runs before every model request, so replaying the whole transcript each
 * time would make a request cost grow with the conversation. Instead the replay of each messages
 * array is remembered (a WeakMap keyed by the array, in the caches of the owning
 * `createToolDeclarations()` instance) together with how far it got. The next call
 * first checks, cheaply, that the already replayed prefix is still the one it replayed, then only
 * replays the new tail. An append-only transcript therefore costs O(new messages + tool-change
 * events) per call, not O(messages).
 *
 * The prefix check compares, in O(1 + number of tool-changing system messages):
 * - the length (a shorter array is not the same prefix),
 * - the identity of the last replayed message,
 * - for every system message that changed tools: the message identity at its index and the
 *   identity and length of its `toolsAdded` / `toolsRemoved` arrays.
 * When any of these differ, the array is replayed again from the start, so truncating, splicing
 * (which shifts the last replayed message), replacing or editing a tool-changing message, or
 * pushing into its tool arrays are all seen.
 *
 * Limits — edits the check cannot see, and which therefore require passing a new array (for
 * example `messages.slice()`) or not editing replayed messages in place:
 * - replacing a message in the middle that did not change tools by one that does, keeping the
 *   length and the last message;
 * - adding `toolsAdded`/`toolsRemoved` in place to a replayed message that had none;
 * - mutating a declaration object inside a replayed `toolsAdded` array (declarations are also
 *   serialised once per object, see `serializeDeclaration`).
 *
 * A new array whose prefix matches the most recently replayed one of the same instance (the common
 * `[...messages, next]` pattern) starts from a copy of that replay instead of from scratch.
 */
import type { ToolDeclaration } from "@toolwright/tool-core";
import { applyToolFields } from "./apply-tool-fields";
import type { DeclarationCaches, Replay } from "./declaration-caches";
import { readToolFields } from "./read-tool-fields";
import type { RoleMessage } from "./role-message";

/**
 * The tool state after replaying every system message of `messages`, in order, remembered in
 * `caches`. The returned map is owned by the cache: read it, never mutate it. Throws a `TranscriptError` (`INVALID_MESSAGE`) for
 * a malformed message; the messages before it stay replayed.
 */
export function replayToolState(
  caches: DeclarationCaches,
  messages: readonly RoleMessage[],
): ReadonlyMap<string, ToolDeclaration> {
  let replay = caches.replays.get(messages);
  if (replay === undefined || !isPrefixIntact(replay, messages)) {
    const { latestReplay } = caches;
    replay =
      latestReplay !== undefined && isPrefixIntact(latestReplay, messages)
        ? copyReplay(latestReplay)
        : { length: 0, lastMessage: undefined, events: [], state: new Map() };
    caches.replays.set(messages, replay);
  }
  caches.latestReplay = replay;
  extendReplay(replay, messages);
  return replay.state;
}

function isPrefixIntact(replay: Replay, messages: readonly unknown[]): boolean {
  if (messages.length < replay.length) return false;
  if (replay.length > 0 && messages[replay.length - 1] !== replay.lastMessage) return false;
  for (const event of replay.events) {
    const message = messages[event.index] as { toolsAdded?: unknown; toolsRemoved?: unknown };
    if (message !== event.message) return false;
    if (message.toolsAdded !== event.toolsAdded || message.toolsRemoved !== event.toolsRemoved) {
      return false;
    }
    if (countEntries(message.toolsAdded) !== event.addedCount) return false;
    if (countEntries(message.toolsRemoved) !== event.removedCount) return false;
  }
  return true;
}

function extendReplay(replay: Replay, messages: readonly unknown[]): void {
  for (let index = replay.length; index < messages.length; index++) {
    const message = messages[index];
    // Validated as a whole before it is applied, so a malformed message never half-applies.
    const fields = readToolFields(message, index);
    if (fields.toolsAdded.length > 0 || fields.toolsRemoved.length > 0) {
      applyToolFields(replay.state, fields);
      const { toolsAdded, toolsRemoved } = message as {
        toolsAdded?: unknown;
        toolsRemoved?: unknown;
      };
      replay.events.push({
        index,
        message,
        toolsAdded,
        toolsRemoved,
        addedCount: fields.toolsAdded.length,
        removedCount: fields.toolsRemoved.length,
      });
    }
    replay.length = index + 1;
    replay.lastMessage = message;
  }
}

function copyReplay(replay: Replay): Replay {
  return {
    length: replay.length,
    lastMessage: replay.lastMessage,
    events: [...replay.events],
    state: new Map(replay.state),
  };
}

function countEntries(value: unknown): number {
  return Array.isArray(value) ? value.length : 0;
}
