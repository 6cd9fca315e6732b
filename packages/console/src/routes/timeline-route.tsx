import { summarizeJournalBatch, ToolBatchError } from "@toolwright/tool-exec";
import type { Context } from "hono";
import type { ConsoleContext, ConsoleEnv } from "../console-context";
import { answerLivePoll, fingerprintOf, isLivePoll, liveSettings } from "../live-fragment";
import { renderDocument } from "../pages/layout";
import { MessagePage } from "../pages/message-page";
import { TimelineFragment, TimelinePage } from "../pages/timeline-view";

/** `GET <basePath>/batches/<batchId>`: the batch's calls and records, oldest first. */
export async function answerTimeline(c: Context<ConsoleEnv>, console: ConsoleContext) {
  const { options, paths } = console;
  const session = c.get("session");
  const batchId = c.req.param("batchId") ?? "";
  let records: Awaited<ReturnType<typeof options.journal.read>>;
  try {
    records = await options.journal.read(batchId);
  } catch (error) {
    if (!ToolBatchError.isInstance(error) || error.code !== "INVALID_ARGUMENT") throw error;
    records = [];
  }
  if (records.length === 0) {
    if (isLivePoll(c)) return c.body(null, 404);
    return c.html(
      renderDocument(
        <MessagePage
          title={`Batch ${batchId}`}
          paths={paths}
          reviewer={session.reviewer}
          csrfToken={session.csrfToken}
        >
          <p>The journal has no records of this batch.</p>
          <p>
            A journal shows only what it keeps: the file journal deletes a completed batch's files
            unless it was created with <code>retainCompleted</code>, so a batch that completed may
            have left nothing to show. A batch id that was never used has no records either.
          </p>
          <p>
            <a href={paths.batches}>All batches</a>
          </p>
        </MessagePage>,
      ),
      404,
    );
  }
  const summary = summarizeJournalBatch(batchId, records);
  const html = String(
    <TimelineFragment
      records={records}
      summary={summary}
      batchId={batchId}
      paths={paths}
      describeTool={console.describeTool}
    />,
  );
  const fingerprint = await fingerprintOf(html);
  if (isLivePoll(c)) return answerLivePoll(c, html, fingerprint);
  const hasState = summary.state === "suspended" && options.stateSecret !== undefined;
  return c.html(
    renderDocument(
      <TimelinePage
        batchId={batchId}
        paths={paths}
        reviewer={session.reviewer}
        csrfToken={session.csrfToken}
        live={liveSettings(c, fingerprint, options.liveIntervalMs)}
        html={html}
        stateUrl={hasState ? paths.batchState(batchId) : undefined}
      />,
    ),
  );
}
