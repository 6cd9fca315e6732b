import type { Tool } from "@toolwright/tool-core";
import { type Context, Hono, type Next } from "hono";
import { deleteCookie } from "hono/cookie";
import type { ConsoleContext, ConsoleEnv } from "./console-context";
import type { ConsoleOptions } from "./console-options";
import { createConsolePaths } from "./console-paths";
import { isLivePoll } from "./live-fragment";
import { renderDocument } from "./pages/layout";
import { MessagePage } from "./pages/message-page";
import { resolveConsoleOptions } from "./resolve-console-options";
import { answerApprovals } from "./routes/approvals-route";
import { answerAsset } from "./routes/assets-route";
import { answerBatches } from "./routes/batches-route";
import { answerDecision } from "./routes/decide-route";
import { answerMedia } from "./routes/media-route";
import { answerState } from "./routes/state-route";
import { answerTimeline } from "./routes/timeline-route";
import { authenticate, ownOrigin, SESSION_COOKIE, setSessionCookie } from "./security/authenticate";
import { findCrossSiteProblem } from "./security/check-origin";
import { constantTimeEqual } from "./security/constant-time-equal";
import { readForm } from "./security/read-form";
import { withSecurityHeaders } from "./security/security-headers";
import { createSessionStore } from "./security/session-store";

/** A console as a web-standard request handler (see {@link createConsoleHandler}). */
export type ConsoleHandler = (request: Request) => Promise<Response>;

function describeToolOf(tools: ConsoleOptions["tools"]): (name: string) => string | undefined {
  if (tools === undefined) return () => undefined;
  return (name) => {
    const tool: Tool | undefined = Array.isArray(tools)
      ? (tools as readonly Tool[]).find((entry) => entry.name === name)
      : (tools as { get(name: string): Tool | undefined }).get(name);
    if (tool === undefined) return undefined;
    const label = tool.label === undefined ? "" : `${tool.label}: `;
    return `${label}${tool.description}`;
  };
}

function messagePage(
  c: Context,
  console: ConsoleContext,
  status: 400 | 401 | 403 | 404 | 413 | 415 | 500,
  title: string,
  text: string,
) {
  return c.html(
    renderDocument(
      <MessagePage title={title} paths={console.paths}>
        <p>{text}</p>
      </MessagePage>,
    ),
    status,
  );
}

/**
 * The console as a web-standard handler, `(request: Request) => Promise<Response>`, to mount in
 * any server that speaks `Request`/`Response` under `basePath`. Pages: `<basePath>/` (batches,
 * newest first, filtered), `<basePath>/batches/<batchId>` (a batch's timeline) and
 * `<basePath>/approvals` (the inbox, with Approve and Deny). Every page requires a signed-in
 * reviewer; every state-changing request is a same-origin `POST` carrying the session's CSRF
 * token; every response carries a strict Content-Security-Policy and `nosniff`.
 *
 * Throws `ConsoleError` `INVALID_OPTIONS` at once for a missing or invalid option — `auth` above
 * all: there is no anonymous console. Starts one listing of the journal at once, so that the first
 * page opened does not wait for the file journal to read its folder.
 */
export function createConsoleHandler(options: ConsoleOptions): ConsoleHandler {
  const resolved = resolveConsoleOptions(options);
  const console: ConsoleContext = {
    options: resolved,
    paths: createConsolePaths(resolved.basePath),
    sessions: createSessionStore(),
    describeTool: describeToolOf(resolved.tools),
    login: { spent: false },
  };
  const app = new Hono<ConsoleEnv>({ strict: false }).basePath(resolved.basePath || "/");
  // A first listing now, so that the first page a person opens does not pay for it: the file
  // journal builds its summaries (it reads every batch file once), PostgreSQL migrates. A failure
  // here is reported by the page that asks again.
  void resolved.journal.listBatches({ limit: 1 }).catch(() => {});

  // Cross-site state changes are refused before anything else, the body included (SPEC: 403 for
  // any content type, before a 415 could be answered).
  app.use("*", async (c: Context<ConsoleEnv>, next: Next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const problem = findCrossSiteProblem(c.req.raw, ownOrigin(c.req.raw, console));
    if (problem === undefined) return next();
    return messagePage(
      c,
      console,
      403,
      "Refused",
      `Refused: ${problem}. Use the console's own pages.`,
    );
  });

  app.get("/assets/:name", (c) => answerAsset(c));

  app.get("/login", async (c) => {
    const { auth } = resolved;
    if (auth.kind === "verify") return c.redirect(console.paths.batches, 303);
    const token = c.req.query("token") ?? "";
    const valid = await constantTimeEqual(token, auth.token);
    if (!valid || console.login.spent)
      return messagePage(
        c,
        console,
        401,
        "Sign-in link not valid",
        "This sign-in link is wrong or was already used: a link signs in once. Start the console again for a new one.",
      );
    console.login.spent = true;
    setSessionCookie(c, console, console.sessions.create(auth.reviewer));
    return c.redirect(console.paths.batches, 303);
  });

  app.use("*", async (c: Context<ConsoleEnv>, next: Next) => {
    const session = await authenticate(c, console);
    if (session !== undefined) {
      c.set("session", session);
      return next();
    }
    // A page answers with the 401 page; the data behind pages (live polls, media, states) and
    // POSTs with a short text.
    const isData = isLivePoll(c) || /\/(media\/[^/]+\/\d+|state\.json)$/.test(c.req.path);
    if (c.req.method === "GET" && !isData)
      return messagePage(
        c,
        console,
        401,
        "Sign in needed",
        resolved.auth.kind === "token"
          ? "Open the sign-in link the console printed when it started."
          : "Sign in to your application first.",
      );
    return c.text("Not signed in.", 401);
  });

  // Every POST carries the session's CSRF token, checked before the form is used.
  const withForm =
    (answer: (c: Context<ConsoleEnv>, form: URLSearchParams) => Promise<Response> | Response) =>
    async (c: Context<ConsoleEnv>) => {
      const read = await readForm(c.req.raw);
      if (!read.ok) return messagePage(c, console, read.status, "Refused", read.message);
      const token = read.form.get("_csrf") ?? c.req.header("x-csrf-token") ?? "";
      if (!(await constantTimeEqual(token, c.get("session").csrfToken)))
        return messagePage(
          c,
          console,
          403,
          "Refused",
          "Refused: the form's CSRF token is missing or wrong. Reload the page and try again.",
        );
      return answer(c, read.form);
    };

  app.get("/", (c) => answerBatches(c, console));
  app.get("/batches/:batchId", (c) => answerTimeline(c, console));
  app.get("/batches/:batchId/state.json", (c) => answerState(c, console));
  app.get("/batches/:batchId/media/:callId/:index", (c) => answerMedia(c, console));
  app.get("/approvals", (c) => answerApprovals(c, console));
  app.post(
    "/approvals/decide",
    withForm((c, form) => answerDecision(c, console, form)),
  );
  app.post(
    "/logout",
    withForm((c) => {
      console.sessions.delete(c.get("session").id);
      deleteCookie(c, SESSION_COOKIE, {
        path: resolved.basePath === "" ? "/" : resolved.basePath,
      });
      return c.html(
        renderDocument(
          <MessagePage title="Signed out" paths={console.paths}>
            <p>You are signed out of the console.</p>
          </MessagePage>,
        ),
      );
    }),
  );

  app.notFound((c) => messagePage(c, console, 404, "Not found", "The console has no such page."));
  app.onError((error, c) =>
    messagePage(
      c,
      console,
      500,
      "Something went wrong",
      `The console could not answer: ${error instanceof Error ? error.message : String(error)}`,
    ),
  );

  return async (request) => withSecurityHeaders(await app.fetch(request));
}
