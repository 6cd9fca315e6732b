import { randomToken } from "./random-token";

/** A signed-in browser: who it is, and the token its forms must carry (CSRF defence). */
export interface ConsoleSession {
  readonly id: string;
  readonly reviewer: string;
  readonly csrfToken: string;
  readonly expiresAt: number;
}

/** How long a session lasts: 12 hours from sign-in. */
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** Sessions kept at most; the oldest are dropped first (a flood of sign-ins cannot grow memory). */
const MAX_SESSIONS = 10_000;

/** The sessions of one console, in its memory (a restart signs everyone out). */
export interface SessionStore {
  create(reviewer: string): ConsoleSession;
  /** The live session with this id, or `undefined`. */
  find(id: string | undefined): ConsoleSession | undefined;
  delete(id: string): void;
}

export function createSessionStore(now: () => number = Date.now): SessionStore {
  const sessions = new Map<string, ConsoleSession>();
  return {
    create(reviewer) {
      const session = {
        id: randomToken(),
        reviewer,
        csrfToken: randomToken(),
        expiresAt: now() + SESSION_LIFETIME_MS,
      };
      sessions.set(session.id, session);
      // Maps iterate in insertion order: the first key is the oldest session.
      while (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value as string);
      return session;
    },
    find(id) {
      const session = id === undefined ? undefined : sessions.get(id);
      if (session === undefined) return undefined;
      if (session.expiresAt > now()) return session;
      sessions.delete(session.id);
      return undefined;
    },
    delete(id) {
      sessions.delete(id);
    },
  };
}
