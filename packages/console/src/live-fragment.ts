import type { Context } from "hono";
import type { LiveSettings } from "./pages/live-region";

/** The header a live poll sends: the fingerprint of the fragment the page shows now. */
export const LIVE_HEADER = "x-console-live";
/** The header of a live answer: the new fragment's fingerprint. */
export const FINGERPRINT_HEADER = "x-console-fingerprint";

/** A fragment's fingerprint: the first 16 bytes of its SHA-256, as hex. */
export async function fingerprintOf(html: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(html));
  return [...new Uint8Array(digest).slice(0, 16)]
    .map((byte) => byte.toString(16).padStart(2, "0"))
    .join("");
}

/** Whether the request is a live poll (it wants the fragment, not the page). */
export function isLivePoll(c: Context): boolean {
  return c.req.header(LIVE_HEADER) !== undefined;
}

/** The answer to a live poll: 204 when the fragment is unchanged, else the fragment and its fingerprint. */
export function answerLivePoll(c: Context, html: string, fingerprint: string): Response {
  if (c.req.header(LIVE_HEADER) === fingerprint) return c.body(null, 204);
  c.header(FINGERPRINT_HEADER, fingerprint);
  return c.html(html);
}

/** The page's live settings: poll its own URL, starting from the fingerprint it was rendered with. */
export function liveSettings(c: Context, fingerprint: string, intervalMs: number): LiveSettings {
  const url = new URL(c.req.url);
  return { url: `${url.pathname}${url.search}`, fingerprint, intervalMs };
}
