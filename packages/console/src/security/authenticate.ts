import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { ConsoleContext, ConsoleEnv } from "../console-context";
import type { ConsoleSession } from "./session-store";

/** The session cookie's name. */
export const SESSION_COOKIE = "toolwright_console";

/** Sets the session cookie: `HttpOnly`, `SameSite=Strict`, `Secure` over HTTPS, on the console's path. */
export function setSessionCookie(
  c: Context<ConsoleEnv>,
  console: ConsoleContext,
  session: ConsoleSession,
): void {
  setCookie(c, SESSION_COOKIE, session.id, {
    httpOnly: true,
    sameSite: "Strict",
    secure: ownOrigin(c.req.raw, console).startsWith("https:"),
    path: console.options.basePath === "" ? "/" : console.options.basePath,
  });
}

/** The console's origin: the `origin` option, or the request URL's. */
export function ownOrigin(request: Request, console: ConsoleContext): string {
  return console.options.origin ?? new URL(request.url).origin;
}

/**
 * The request's session, or `undefined` when it is not signed in. With token auth, the session
 * cookie is the only proof. With `verify`, `verify` decides on every request (a throw or a bad
 * answer counts as "not signed in"), and the cookie only carries the session's CSRF token: a new
 * session (and cookie) is made for a reviewer without one.
 */
export async function authenticate(
  c: Context<ConsoleEnv>,
  console: ConsoleContext,
): Promise<ConsoleSession | undefined> {
  const { auth } = console.options;
  const fromCookie = console.sessions.find(getCookie(c, SESSION_COOKIE));
  if (auth.kind === "token") return fromCookie;
  const request = c.req.raw;
  let reviewer: unknown;
  try {
    const verified = await auth.verify(
      new Request(request.url, { method: request.method, headers: request.headers }),
    );
    reviewer = verified?.reviewer;
  } catch {
    return undefined;
  }
  if (typeof reviewer !== "string" || reviewer.trim() === "") return undefined;
  if (fromCookie?.reviewer === reviewer) return fromCookie;
  const session = console.sessions.create(reviewer);
  setSessionCookie(c, console, session);
  return session;
}
