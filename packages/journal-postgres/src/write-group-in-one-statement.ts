// The common group in one round trip: writes of nothing but `started`, `settled` and `approval`
// records (the executor's writes while calls run) need only that each batch exists, is not
// completed and, for a lock holder, still carries its fence. One statement locks each batch row
// (`for update`) and fencing row (`for share`) in batch-id order, as the full path does, checks
// exactly that, and inserts every record only if every batch passes; as a single statement it is
// its own transaction (one commit). When a batch does not pass, nothing was written and the caller
// takes the full path (write-group-records.ts), which finds the writes at fault and fails them
// alone. The check here only ever says "all clearly fine": the order rule itself lives in
// `checkJournalRecordOrder`, which the full path applies.
import type { PostgresJournalClient } from "./postgres-journal-options";
import { countInsertedRows, type GroupWrite, type GroupWriteOutcome } from "./write-group-records";

const FAST_KINDS: ReadonlySet<string> = new Set(["started", "settled", "approval"]);

/**
 * Writes `writes` in one statement outside any transaction; `undefined` when the group is not of
 * the common kind or a batch did not pass (nothing was written then).
 */
export async function writeGroupInOneStatement(
  client: PostgresJournalClient,
  schema: string,
  writes: readonly GroupWrite[],
): Promise<GroupWriteOutcome[] | undefined> {
  const records = writes.flatMap((write) =>
    write.records.map((record) => ({ batchId: write.batchId, record })),
  );
  const common = records.every(
    ({ record }) =>
      FAST_KINDS.has(record.t) && !("callId" in record && record.callId.includes("\u0000")),
  );
  if (!common || records.length === 0) return undefined;
  // One fence per batch; writes of one batch with different fences go the full way.
  const fences = new Map<string, string | null>();
  for (const write of writes) {
    const fence = write.fence?.epoch ?? null;
    if (fences.has(write.batchId) && fences.get(write.batchId) !== fence) return undefined;
    fences.set(write.batchId, fence);
  }
  const batchIds = [...fences.keys()].sort();
  const { rows } = await client.query<{
    ok: boolean | null;
    rows: { batch_id: string; kind: string; call_id: string | null }[];
  }>(
    `with checked as (
       select given.batch_id, given.fence,
         (select completed_at is null from ${schema}.batches where batch_id = given.batch_id for update) as open,
         (select epoch::text from ${schema}.locks where batch_id = given.batch_id for share) as epoch
       from unnest($5::text[], $6::text[]) as given (batch_id, fence)
     ), passed as (
       select bool_and(coalesce(open, false) and (fence is null or epoch is not distinct from fence)) as ok
       from checked
     ), inserted as (
       insert into ${schema}.records (batch_id, kind, call_id, record)
       select batch_id, kind, call_id, record::json
       from unnest($1::text[], $2::text[], $3::text[], $4::text[]) with ordinality as given (batch_id, kind, call_id, record, position)
       where (select ok from passed)
       order by position
       on conflict do nothing
       returning batch_id, kind, call_id
     )
     select ok, (
       select coalesce(json_agg(json_build_object('batch_id', batch_id, 'kind', kind, 'call_id', call_id)), '[]')
       from inserted
     ) as rows
     from passed`,
    [
      records.map((entry) => entry.batchId),
      records.map((entry) => entry.record.t),
      records.map((entry) => ("callId" in entry.record ? entry.record.callId : null)),
      records.map((entry) => JSON.stringify(entry.record)),
      batchIds,
      batchIds.map((batchId) => fences.get(batchId) ?? null),
    ],
  );
  if (rows[0]?.ok !== true) return undefined;
  const inserted = countInsertedRows(
    writes,
    writes.map((_, index) => index),
    rows[0].rows,
  );
  return inserted.map((count) => ({ ok: true, inserted: count }));
}
