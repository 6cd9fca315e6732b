import type {
  Message,
  SystemMessage,
  Tool,
  ToolDeclaration,
  ToolSource,
} from "@toolwright/tool-core";
import { ToolRegistry } from "@toolwright/tool-core";
import { applyToolFields } from "./apply-tool-fields";
import { type DeclarationCaches, defaultDeclarationCaches } from "./declaration-caches";
import { declarationsEqualIn } from "./declarations-equal";
import { getToolStateChangesIn } from "./get-tool-state-changes";
import { readToolFields } from "./read-tool-fields";
import { replayToolState } from "./replay-tool-state";
import type { RoleMessage } from "./role-message";

/** What `declareToolChanges` compares: the committed transcript and the executable tools. */
export interface ToolDeclarationContext<TMessage extends RoleMessage = Message> {
  /** The committed transcript (already sent or about to be, before `pending`). */
  readonly messages: readonly TMessage[];
  /** The tools the model may call now; `undefined` means none. */
  readonly tools?: ToolSource | undefined;
}

/** Options of {@link declareToolChanges}. */
export interface DeclareToolChangesOptions {
  /**
   * The clock for the `timestamp` of an inserted system message, in milliseconds since the epoch.
   *
   * **Contract:** must not throw; called at most once per call, only when a message is inserted.
   * Default: `Date.now`.
   */
  readonly now?: (() => number) | undefined;
}

/**
 * Declares the executable tools into the transcript before a model request. It replays
 * `context.messages` followed by `pending` and compares the result with `context.tools`:
 *
 * - nothing changed → `pending` itself is returned (the same array), so the request prefix stays
 *   byte-identical;
 * - otherwise, when `pending` holds a system message, the **last** one is replaced by a new object
 *   whose `toolsAdded`/`toolsRemoved` are recomputed from the state before it (its own tool fields
 *   are read as intent and overwritten; empty fields are omitted);
 * - otherwise `{ role: "system", content: "", timestamp, toolsAdded?, toolsRemoved? }` is inserted
 *   before the first non-system pending message.
 *
 * Afterwards `getCurrentTools([...context.messages, ...result])` holds the same declarations as
 * `context.tools` by name (the order of tools already declared is kept). The committed replay is
 * cached incrementally, so the no-change cost depends on the number of tools and of pending
 * messages, not on the length of the transcript. Neither input is mutated.
 *
 * `context.tools` goes through `ToolRegistry.from`: an array is registered once and then treated
 * as frozen (push to it and the change is not seen — pass a new array or use a registry), and an
 * invalid tool in it throws tool-core's `ToolError`. A malformed tool field in a message throws a
 * `TranscriptError` (`INVALID_MESSAGE`); a tool whose declaration is not JSON throws one with
 * `INVALID_TOOL`. Uses the default instance's caches (see `createToolDeclarations`).
 */
export function declareToolChanges<TMessage extends RoleMessage = Message>(
  context: ToolDeclarationContext<TMessage>,
  pending: readonly TMessage[],
  options: DeclareToolChangesOptions = {},
): readonly (TMessage | SystemMessage)[] {
  return declareToolChangesIn(defaultDeclarationCaches, context, pending, options);
}

/** {@link declareToolChanges} with the caches of one `createToolDeclarations()` instance. */
export function declareToolChangesIn<TMessage extends RoleMessage = Message>(
  caches: DeclarationCaches,
  context: ToolDeclarationContext<TMessage>,
  pending: readonly TMessage[],
  options: DeclareToolChangesOptions = {},
): readonly (TMessage | SystemMessage)[] {
  const desired = context.tools === undefined ? [] : ToolRegistry.from(context.tools).list();
  const committed = replayToolState(caches, context.messages);
  const pendingFields = pending.map((message, index) =>
    readToolFields(message, context.messages.length + index),
  );
  const lastSystemIndex = pending.findLastIndex((message) => message.role === "system");

  if (matchesTools(caches, replayPending(committed, pendingFields, pending.length), desired)) {
    return pending;
  }
  if (lastSystemIndex === -1) {
    const changes = getToolStateChangesIn(caches, [...committed.values()], desired);
    const declaration: SystemMessage = {
      role: "system",
      content: "",
      timestamp: (options.now ?? Date.now)(),
      ...withChanges(changes.toolsAdded, changes.toolsRemoved),
    };
    const insertAt = pending.findIndex((message) => message.role !== "system");
    const position = insertAt === -1 ? pending.length : insertAt;
    return [...pending.slice(0, position), declaration, ...pending.slice(position)];
  }

  const before = replayPending(committed, pendingFields, lastSystemIndex);
  const changes = getToolStateChangesIn(caches, [...before.values()], desired);
  const {
    toolsAdded: _intentAdded,
    toolsRemoved: _intentRemoved,
    ...rest
  } = pending[lastSystemIndex] as TMessage & SystemMessage;
  // Spread copies with define semantics, so a `__proto__` key read from JSON stays plain data.
  const rewritten = {
    ...rest,
    ...withChanges(changes.toolsAdded, changes.toolsRemoved),
  } as TMessage & SystemMessage;
  const result: (TMessage | SystemMessage)[] = [...pending];
  result[lastSystemIndex] = rewritten;
  return result;
}

function replayPending(
  committed: ReadonlyMap<string, ToolDeclaration>,
  pendingFields: ReturnType<typeof readToolFields>[],
  end: number,
): ReadonlyMap<string, ToolDeclaration> {
  let state: Map<string, ToolDeclaration> | undefined;
  for (let index = 0; index < end; index++) {
    const fields = pendingFields[index];
    if (
      fields === undefined ||
      (fields.toolsAdded.length === 0 && fields.toolsRemoved.length === 0)
    )
      continue;
    // Copy the cached committed state only when a pending message actually changes tools.
    state ??= new Map(committed);
    applyToolFields(state, fields);
  }
  return state ?? committed;
}

function matchesTools(
  caches: DeclarationCaches,
  state: ReadonlyMap<string, ToolDeclaration>,
  tools: readonly Tool[],
): boolean {
  if (state.size !== tools.length) return false;
  for (const tool of tools) {
    const declaration = state.get(tool.name);
    if (declaration === undefined || !declarationsEqualIn(caches, tool, declaration)) return false;
  }
  return true;
}

function withChanges(
  toolsAdded: readonly ToolDeclaration[],
  toolsRemoved: readonly { name: string }[],
): Pick<SystemMessage, "toolsAdded" | "toolsRemoved"> {
  return {
    ...(toolsAdded.length > 0 ? { toolsAdded } : {}),
    ...(toolsRemoved.length > 0 ? { toolsRemoved } : {}),
  };
}
