import {
  createMemoryJournal,
  type JournalRecord,
  type ToolCallJournal,
} from "@toolwright/tool-exec";
import type { ConsoleOptions } from "../console-options";
import { type ConsoleHandler, createConsoleHandler } from "../create-console-handler";

export const ORIGIN = "http://127.0.0.1:4000";
export const TOKEN = "a-long-enough-login-token";

/** Writes a batch's records under its lock, as the executor does (decisions through `decide`). */
export async function writeBatch(
  journal: ToolCallJournal,
  batchId: string,
  records: readonly JournalRecord[],
): Promise<void> {
  const lock = await journal.lock(batchId, "test");
  await journal.append(
    batchId,
    records.filter((record) => record.t !== "decision"),
  );
  await lock.release();
  for (const record of records) if (record.t === "decision") await journal.decide(batchId, record);
}

/** A suspended batch: `lookup` settled, `toolName` awaiting approval `approval-<batchId>`. */
export function suspendedBatch(
  batchId: string,
  options: {
    readonly toolName?: string;
    readonly args?: Record<string, string>;
    readonly at?: string;
  } = {},
): JournalRecord[] {
  const at = options.at ?? "2026-12-01T14:00:00.000Z";
  const toolName = options.toolName ?? "send_email";
  return [
    {
      t: "batch",
      v: 1,
      batchId,
      at,
      mode: "parallel",
      calls: [
        { type: "toolCall", id: "c1", name: "lookup", arguments: { ref: "C-42" } },
        { type: "toolCall", id: "c2", name: toolName, arguments: options.args ?? { to: "ada" } },
      ],
    },
    { t: "started", callId: "c1", attempt: 1, replay: "never", at },
    {
      t: "settled",
      callId: "c1",
      at,
      outcome: { result: { content: [{ type: "text", text: "customer C-42" }] }, isError: false },
    },
    {
      t: "approval",
      callId: "c2",
      approvalId: `approval-${batchId}`,
      at,
      reason: "sends an e-mail",
      args: options.args ?? { to: "ada" },
    },
  ];
}

/** A console over a memory journal, and requests against it as a browser on ORIGIN sends them. */
export function createFixture(options: Partial<ConsoleOptions> = {}) {
  const journal = options.journal ?? createMemoryJournal();
  const handler: ConsoleHandler = createConsoleHandler({
    journal,
    auth: { token: TOKEN, reviewer: "alice" },
    ...options,
  });
  const request = (path: string, init: RequestInit = {}) =>
    handler(new Request(`${ORIGIN}${options.basePath ?? ""}${path}`, init));
  return {
    journal,
    handler,
    request,
    /** Signs in with the login link; returns the session cookie. */
    async signIn(): Promise<string> {
      const response = await request(`/login?token=${TOKEN}`);
      const cookie = response.headers.get("set-cookie")?.split(";")[0];
      if (response.status !== 303 || cookie === undefined) throw new Error("sign-in failed");
      return cookie;
    },
    /** The CSRF token a page gives this session. */
    async csrfTokenOf(cookie: string): Promise<string> {
      const html = await (await request("/approvals", { headers: { cookie } })).text();
      const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
      if (token === undefined) throw new Error("no CSRF token on the page");
      return token;
    },
    /** A form POST from the console's own page. */
    post(
      path: string,
      cookie: string,
      fields: Record<string, string>,
      headers: Record<string, string> = {},
    ) {
      return request(path, {
        method: "POST",
        headers: {
          cookie,
          origin: ORIGIN,
          "content-type": "application/x-www-form-urlencoded",
          ...headers,
        },
        body: new URLSearchParams(fields).toString(),
      });
    },
  };
}
