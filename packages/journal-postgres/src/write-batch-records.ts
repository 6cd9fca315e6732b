import { checkJournalRecordOrder, type JournalRecord, ToolBatchError } from "@toolwright/tool-exec";
import { toListingColumns } from "./listing-columns";
import type { PostgresJournalClient } from "./postgres-journal-options";

/**
 * The fencing token of a held lock (see `lock` in create-postgres-journal.ts): a write carrying it
 * is applied only while the batch's `locks.epoch` still equals it.
 */
export interface WriteFence {
  readonly epoch: string;
}

/**
 * Writes validated records of one batch inside the caller's transaction; returns how many rows
 * were inserted (a `settled` or `decision` record whose call already has one is skipped by the
 * unique indexes `records_settled_once` and `records_decided_once`). The batch's row is locked
 * first (`for update`), so writes to one batch from any process are serialised and the order
 * rule is checked against committed state. With a `fence`, the batch's `locks` row is read with
 * `for share` (a `lock` raising the epoch waits for this transaction, and this write waits for a
 * raise under way) and the write is refused with `BATCH_LOCKED` unless the epoch is still the
 * fence's: a holder that lost its lock to another session can no longer write. `fenceChecked`
 * says the caller's transaction already checked this fence (the row lock holds until commit).
 */
export async function writeBatchRecords(
  client: PostgresJournalClient,
  schema: string,
  batchId: string,
  records: readonly JournalRecord[],
  fence?: WriteFence,
  fenceChecked = false,
): Promise<number> {
  const { rows } = await client.query<{ completed: boolean }>(
    `select completed_at is not null as completed from ${schema}.batches where batch_id = $1 for update`,
    [batchId],
  );
  if (fence !== undefined && !fenceChecked) await checkFence(client, schema, batchId, fence);
  const completing = records.some((record) => record.t === "completed");
  const status = {
    exists: rows.length > 0,
    completed: rows[0]?.completed === true,
    ...(completing && rows.length > 0
      ? { unsettled: await readUnsettledCalls(client, schema, batchId) }
      : {}),
  };
  const after = checkJournalRecordOrder(batchId, records, status);
  if (!status.exists) {
    const created = await client.query(
      `insert into ${schema}.batches (batch_id) values ($1) on conflict do nothing`,
      [batchId],
    );
    if (created.rowCount === 0) {
      throw new ToolBatchError(
        "INVALID_ARGUMENT",
        `Journal record 0 for batch ${batchId}: the batch already has its batch record`,
      );
    }
  }
  const columns = records.map(toListingColumns);
  const inserted = await client.query(
    `insert into ${schema}.records (batch_id, kind, call_id, record, record_at, is_error, tool_names, listing)
     select $1, kind, call_id, record::json, record_at, is_error,
       case when tool_names is null then null else array(select json_array_elements_text(tool_names::json)) end,
       listing::json
     from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::text[], $8::text[])
       with ordinality as given (kind, call_id, record, record_at, is_error, tool_names, listing, position)
     order by position
     on conflict do nothing`,
    [
      batchId,
      records.map((record) => record.t),
      records.map((record) => ("callId" in record ? record.callId : null)),
      records.map((record) => JSON.stringify(record)),
      columns.map((column) => column.recordAt),
      columns.map((column) => column.isError),
      columns.map((column) => column.toolNames),
      columns.map((column) => column.listing),
    ],
  );
  const revision = records.reduce(
    (highest, record) => (record.t === "revision" ? Math.max(highest, record.revision) : highest),
    -1,
  );
  if (revision >= 0 || (after.completed && !status.completed)) {
    await client.query(
      `update ${schema}.batches
       set revision = greatest(revision, $2), completed_at = case when $3 then coalesce(completed_at, now()) else completed_at end
       where batch_id = $1`,
      [batchId, revision, after.completed],
    );
  }
  return inserted.rowCount ?? 0;
}

async function checkFence(
  client: PostgresJournalClient,
  schema: string,
  batchId: string,
  fence: WriteFence,
): Promise<void> {
  const { rows } = await client.query<{ epoch: string }>(
    `select epoch::text as epoch from ${schema}.locks where batch_id = $1 for share`,
    [batchId],
  );
  const epoch = rows[0]?.epoch;
  if (epoch !== fence.epoch) {
    throw new ToolBatchError(
      "BATCH_LOCKED",
      `Batch ${batchId} was locked by another session after this one lost its lock (fencing token ${epoch ?? "none"}, this holder's ${fence.epoch}): the write is refused; stop working on the batch`,
    );
  }
}

/** The calls of the batch with a `started` record and no `settled` one (only `completed` asks). */
async function readUnsettledCalls(
  client: PostgresJournalClient,
  schema: string,
  batchId: string,
): Promise<Set<string>> {
  const { rows } = await client.query<{ call_id: string }>(
    `select call_id from ${schema}.records where batch_id = $1 and kind = 'started'
     except select call_id from ${schema}.records where batch_id = $1 and kind = 'settled'`,
    [batchId],
  );
  return new Set(rows.map((row) => row.call_id));
}
