import type { JournalApprovalPage, JournalPendingApproval } from "./journal-approval-listing";
import { encodeJournalCursor } from "./journal-listing-cursor";
import type { ResolvedJournalApprovalQuery } from "./read-journal-listing-query";

/** The position of a pending approval in the oldest-first order of every approval listing. */
function positionOf(approval: JournalPendingApproval): readonly [string, string, string] {
  return [approval.requestedAt, approval.batchId, approval.callId];
}

function compareOldestFirst(left: JournalPendingApproval, right: JournalPendingApproval): number {
  const [a, b] = [positionOf(left), positionOf(right)];
  for (let index = 0; index < a.length; index++) {
    if (a[index] !== b[index]) return a[index]! < b[index]! ? -1 : 1;
  }
  return 0;
}

function isAfter(
  approval: JournalPendingApproval,
  after: NonNullable<ResolvedJournalApprovalQuery["after"]>,
): boolean {
  return (
    compareOldestFirst(approval, {
      ...approval,
      requestedAt: after.requestedAt,
      batchId: after.batchId,
      callId: after.callId,
    }) > 0
  );
}

/**
 * One page of pending approvals for a resolved query, for journals that hold them in memory (the
 * memory and file journals): oldest first, cut at `limit`, with the next page's cursor.
 */
export function selectPendingApprovalPage(
  approvals: Iterable<JournalPendingApproval>,
  query: ResolvedJournalApprovalQuery,
): JournalApprovalPage {
  const { after } = query;
  const matching: JournalPendingApproval[] = [];
  for (const approval of approvals)
    if (after === undefined || isAfter(approval, after)) matching.push(approval);
  matching.sort(compareOldestFirst);
  const page = matching.slice(0, query.limit);
  const last = page.at(-1);
  return matching.length > query.limit && last !== undefined
    ? { approvals: page, nextCursor: encodeJournalCursor("approvals", [...positionOf(last)]) }
    : { approvals: page };
}
