// listPendingApprovals in SQL: `approval` records in time order (records_approval_time), kept
// when they are their call's latest and the call has no decision, no settlement and an open
// batch (unique and partial indexes answer each of those); the scan stops when the page is full,
// and the cursor is a keyset condition on the same index. The call is taken from its batch
// record in JavaScript: no json operator is applied to a record (see migration 3).
import {
  type ApprovalRecord,
  type BatchRecord,
  encodeJournalCursor,
  type JournalApprovalPage,
  type ResolvedJournalApprovalQuery,
  toPendingApproval,
} from "@toolwright/tool-exec";
import type { RunQuery } from "./list-postgres-batches";

interface ApprovalRow {
  readonly batch_id: string;
  readonly call_id: string;
  readonly approval: ApprovalRecord;
  readonly batch: BatchRecord | null;
}

/** listPendingApprovals of the Postgres journal; see the file header. */
export async function listPostgresApprovals(
  run: RunQuery,
  schema: string,
  query: ResolvedJournalApprovalQuery,
): Promise<JournalApprovalPage> {
  const time = "a.record_at";
  const values: unknown[] = [query.limit + 1];
  let after = "";
  if (query.after !== undefined) {
    values.push(query.after.requestedAt, query.after.batchId, query.after.callId);
    after = `and (${time}, a.batch_id collate "C", a.call_id collate "C") > ($2, $3, $4)`;
  }
  const rows = await run<ApprovalRow>(
    `select a.batch_id, a.call_id, a.record as approval,
       (select br.record from ${schema}.records br where br.batch_id = a.batch_id and br.kind = 'batch'
        limit 1) as batch
     from ${schema}.records a join ${schema}.batches b on b.batch_id = a.batch_id
     where a.kind = 'approval' and b.completed_at is null ${after}
       and not exists (select 1 from ${schema}.records d
         where d.batch_id = a.batch_id and d.kind = 'decision' and d.call_id = a.call_id)
       and not exists (select 1 from ${schema}.records s
         where s.batch_id = a.batch_id and s.kind = 'settled' and s.call_id = a.call_id)
       and not exists (select 1 from ${schema}.records l
         where l.batch_id = a.batch_id and l.kind = 'approval' and l.call_id = a.call_id and l.seq > a.seq)
     order by ${time}, a.batch_id collate "C", a.call_id collate "C"
     limit $1`,
    values,
  );
  const approvals = rows.slice(0, query.limit).flatMap((row) => {
    const toolCall = row.batch?.calls.find((call) => call.id === row.call_id);
    return toolCall === undefined ? [] : [toPendingApproval(row.batch_id, toolCall, row.approval)];
  });
  const last = approvals.at(-1);
  return rows.length > query.limit && last !== undefined
    ? {
        approvals,
        nextCursor: encodeJournalCursor("approvals", [last.requestedAt, last.batchId, last.callId]),
      }
    : { approvals };
}
