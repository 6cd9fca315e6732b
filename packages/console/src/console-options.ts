import type { ToolSource } from "@toolwright/tool-core";
import type { ToolCallJournal } from "@toolwright/tool-exec";

/** Who is deciding: recorded as the decision's `by` in the journal. */
export interface ConsoleReviewer {
  /** A non-empty name. */
  readonly reviewer: string;
}

/**
 * Tells who sends a request, with your own sign-in (a session cookie of your application, a
 * header set by your proxy).
 *
 * **Contract:** may be async; receives the request's method, URL and headers, never its body;
 * must not mutate it. Returns the reviewer, or `null` for a request that is not signed in (the
 * console answers 401). A throw, or a reviewer that is not a non-empty string, also answers 401:
 * the console fails closed. Called on every request, so a sign-out takes effect at once.
 */
export type ConsoleVerify = (
  request: Request,
) => ConsoleReviewer | null | PromiseLike<ConsoleReviewer | null>;

/**
 * How a person proves they may see the journal and decide:
 * - `{ token, reviewer }`: a secret login token. Opening `<basePath>/login?token=<token>` once
 *   starts a session (an `HttpOnly`, `SameSite=Strict` cookie) for `reviewer`; the token is then
 *   spent, and a second use is refused. For more than one sign-in, use `verify`.
 * - `{ verify }`: your own sign-in decides, request by request.
 */
export type ConsoleAuth =
  | { readonly token: string; readonly reviewer: string }
  | { readonly verify: ConsoleVerify };

/** Options of `createConsoleHandler`. */
export interface ConsoleOptions {
  /** The journal to show and to record decisions in. */
  readonly journal: ToolCallJournal;
  /** Required: there is no anonymous console. */
  readonly auth: ConsoleAuth;
  /** Where the console is mounted, e.g. `"/console"`; default `""` (the root). */
  readonly basePath?: string | undefined;
  /**
   * The secret your application signs suspended states with: the timeline of a suspended batch
   * then offers its signed `SuspendedBatch` JSON, as `loadSuspendedToolBatch` builds it.
   */
  readonly stateSecret?: string | Uint8Array | undefined;
  /** Your tools, only to show their labels and descriptions. */
  readonly tools?: ToolSource | undefined;
  /** Batches and approvals per page: 1 to 500; default 50. */
  readonly pageSize?: number | undefined;
  /**
   * The origin browsers see, e.g. `"https://ops.example.com"`, when it differs from the request
   * URL's (behind a proxy). State-changing requests must come from it. Default: the request's.
   */
  readonly origin?: string | undefined;
  /** How often an open page asks for changes, in ms: 100 to 60000; default 500. */
  readonly liveIntervalMs?: number | undefined;
}
