import { type JournalBatchQuery, ToolBatchError } from "@toolwright/tool-exec";
import type { Context } from "hono";
import type { ConsoleContext, ConsoleEnv } from "../console-context";
import { answerLivePoll, fingerprintOf, isLivePoll, liveSettings } from "../live-fragment";
import { BatchesPage, type BatchFilters, BatchRows } from "../pages/batches-view";
import { renderDocument } from "../pages/layout";
import { MessagePage } from "../pages/message-page";

function readFilters(c: Context): BatchFilters & { readonly cursor?: string | undefined } {
  const value = (name: string) => {
    const text = c.req.query(name)?.trim();
    return text === undefined || text === "" ? undefined : text;
  };
  return {
    state: value("state") as BatchFilters["state"],
    tool: value("tool"),
    since: value("since"),
    until: value("until"),
    cursor: value("cursor"),
  };
}

/** `GET <basePath>/`: the batches, newest first, filtered by the query's state, tool and times. */
export async function answerBatches(c: Context<ConsoleEnv>, console: ConsoleContext) {
  const { options, paths } = console;
  const session = c.get("session");
  const filters = readFilters(c);
  const query: JournalBatchQuery = {
    state: filters.state,
    toolName: filters.tool,
    since: filters.since,
    until: filters.until,
    cursor: filters.cursor,
    limit: options.pageSize,
  };
  let page: Awaited<ReturnType<typeof options.journal.listBatches>>;
  try {
    page = await options.journal.listBatches(query);
  } catch (error) {
    if (!ToolBatchError.isInstance(error) || error.code !== "INVALID_ARGUMENT") throw error;
    const message = renderDocument(
      <MessagePage
        title="Batches"
        paths={paths}
        reviewer={session.reviewer}
        csrfToken={session.csrfToken}
      >
        <p>{`These filters cannot be used: ${error.message.replace(/^Journal listing: /, "")}.`}</p>
        <p>
          <a href={paths.batches}>All batches</a>
        </p>
      </MessagePage>,
    );
    return c.html(message, 400);
  }
  const rows = String(<BatchRows page={page} paths={paths} />);
  const fingerprint = await fingerprintOf(rows);
  if (isLivePoll(c)) return answerLivePoll(c, rows, fingerprint);
  let olderUrl: string | undefined;
  if (page.nextCursor !== undefined) {
    const older = new URL(c.req.url);
    older.searchParams.set("cursor", page.nextCursor);
    olderUrl = `${older.pathname}${older.search}`;
  }
  return c.html(
    renderDocument(
      <BatchesPage
        page={page}
        filters={filters}
        paths={paths}
        reviewer={session.reviewer}
        csrfToken={session.csrfToken}
        live={liveSettings(c, fingerprint, options.liveIntervalMs)}
        olderUrl={olderUrl}
        isFirstPage={filters.cursor === undefined}
        rows={rows}
      />,
    ),
  );
}
