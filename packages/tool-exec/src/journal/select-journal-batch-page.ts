import type { JournalBatchPage, JournalBatchSummary } from "./journal-batch-listing";
import { encodeJournalCursor } from "./journal-listing-cursor";
import type { ResolvedJournalBatchQuery } from "./read-journal-listing-query";

/** Newest first by `at`, then by batch id descending: the order of every batch listing. */
function compareNewestFirst(left: JournalBatchSummary, right: JournalBatchSummary): number {
  if (left.at !== right.at) return left.at < right.at ? 1 : -1;
  return left.batchId < right.batchId ? 1 : left.batchId > right.batchId ? -1 : 0;
}

/** Whether a summary passes a query's filters and lies after its cursor. */
export function matchesJournalBatchQuery(
  summary: JournalBatchSummary,
  query: ResolvedJournalBatchQuery,
): boolean {
  const { state, toolName, since, until, after } = query;
  if (state !== undefined && summary.state !== state) return false;
  if (toolName !== undefined && !summary.calls.some((call) => call.toolName === toolName))
    return false;
  if (since !== undefined && summary.at < since) return false;
  if (until !== undefined && summary.at >= until) return false;
  if (after === undefined) return true;
  return summary.at < after.at || (summary.at === after.at && summary.batchId < after.batchId);
}

/**
 * One page of `summaries` for a resolved query, for journals that hold their summaries in memory
 * (the memory and file journals): filtered, newest first, cut at `limit`, with the cursor of the
 * next page when there is one.
 */
export function selectJournalBatchPage(
  summaries: Iterable<JournalBatchSummary>,
  query: ResolvedJournalBatchQuery,
): JournalBatchPage {
  const matching: JournalBatchSummary[] = [];
  for (const summary of summaries)
    if (matchesJournalBatchQuery(summary, query)) matching.push(summary);
  matching.sort(compareNewestFirst);
  const batches = matching.slice(0, query.limit);
  const last = batches.at(-1);
  return matching.length > query.limit && last !== undefined
    ? { batches, nextCursor: encodeJournalCursor("batches", [last.at, last.batchId]) }
    : { batches };
}
