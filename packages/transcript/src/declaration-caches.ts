import type { ToolDeclaration } from "@toolwright/tool-core";

/** A system message that changed tools, as the replay remembers it to check the prefix later. */
export interface ToolChangeEvent {
  readonly index: number;
  readonly message: unknown;
  readonly toolsAdded: unknown;
  readonly toolsRemoved: unknown;
  readonly addedCount: number;
  readonly removedCount: number;
}

/** How far one messages array has been replayed, and the tool state it gave. */
export interface Replay {
  length: number;
  lastMessage: unknown;
  readonly events: ToolChangeEvent[];
  readonly state: Map<string, ToolDeclaration>;
}

/**
 * Everything this package remembers between calls. Owned by one `createToolDeclarations()`
 * instance (the plain functions use {@link defaultDeclarationCaches}), so two instances never
 * see each other's transcripts, tools or replays.
 */
export interface DeclarationCaches {
  /** The serialised declaration of each tool or declaration object. */
  readonly serialised: WeakMap<object, string>;
  /** Pairs of objects already found to declare the same thing. */
  readonly knownEqual: WeakMap<object, object>;
  /** The replay of each messages array. */
  readonly replays: WeakMap<readonly unknown[], Replay>;
  /** The replay used last, to seed a new array that extends it (`[...messages, next]`). */
  latestReplay: Replay | undefined;
}

/** Empty caches for a new owner. */
export function createDeclarationCaches(): DeclarationCaches {
  return {
    serialised: new WeakMap(),
    knownEqual: new WeakMap(),
    replays: new WeakMap(),
    latestReplay: undefined,
  };
}

/** The caches of the default instance, which the plain exported functions use. */
export const defaultDeclarationCaches: DeclarationCaches = createDeclarationCaches();
