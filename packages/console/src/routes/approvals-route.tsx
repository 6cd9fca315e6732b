import { type JournalApprovalPage, ToolBatchError } from "@toolwright/tool-exec";
import type { Context } from "hono";
import type { ConsoleContext, ConsoleEnv } from "../console-context";
import { answerLivePoll, fingerprintOf, isLivePoll, liveSettings } from "../live-fragment";
import { ApprovalItems, ApprovalsPage, type InboxNotice } from "../pages/approvals-view";
import { renderDocument } from "../pages/layout";
import { describeDecision } from "./describe-decision";

/**
 * Renders the inbox: the page, or the list alone for a live poll. `notice` is shown above the
 * list (a decision refused); without one, `?decided=<batchId>/<approvalId>` shows what was decided.
 */
export async function answerApprovals(
  c: Context<ConsoleEnv>,
  console: ConsoleContext,
  refused?: { readonly notice: InboxNotice; readonly status: 400 | 404 | 409 },
) {
  const { options, paths } = console;
  const session = c.get("session");
  const cursor = c.req.method === "GET" ? c.req.query("cursor") || undefined : undefined;
  let page: JournalApprovalPage;
  try {
    page = await options.journal.listPendingApprovals({ limit: options.pageSize, cursor });
  } catch (error) {
    if (!ToolBatchError.isInstance(error) || error.code !== "INVALID_ARGUMENT") throw error;
    page = await options.journal.listPendingApprovals({ limit: options.pageSize });
  }
  const html = String(
    <ApprovalItems
      page={page}
      paths={paths}
      csrfToken={session.csrfToken}
      now={Date.now()}
      describeTool={console.describeTool}
    />,
  );
  const fingerprint = await fingerprintOf(html);
  if (isLivePoll(c)) return answerLivePoll(c, html, fingerprint);
  let notice = refused?.notice;
  const decided = c.req.method === "GET" ? c.req.query("decided") : undefined;
  if (notice === undefined && decided !== undefined) {
    // `<batchId>/<approvalId>`: a batch id has no "/", an approval id may.
    const slash = decided.indexOf("/");
    const batchId = slash === -1 ? "" : decided.slice(0, slash);
    const approvalId = decided.slice(slash + 1);
    const text = await describeDecision(options.journal, batchId, approvalId).catch(
      () => undefined,
    );
    if (text !== undefined) notice = { tone: "done", text };
  }
  let newerUrl: string | undefined;
  if (page.nextCursor !== undefined)
    newerUrl = `${paths.approvals}?cursor=${encodeURIComponent(page.nextCursor)}`;
  // The live poll asks the inbox's own URL: a refused decision's POST has none to poll.
  const live = liveSettings(c, fingerprint, options.liveIntervalMs);
  const liveUrl = c.req.method === "GET" ? live.url : paths.approvals;
  return c.html(
    renderDocument(
      <ApprovalsPage
        paths={paths}
        reviewer={session.reviewer}
        csrfToken={session.csrfToken}
        live={{ ...live, url: liveUrl }}
        html={html}
        notice={notice}
        newerUrl={newerUrl}
        isFirstPage={cursor === undefined}
      />,
    ),
    refused?.status ?? 200,
  );
}
