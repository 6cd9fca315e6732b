// The writes of one group commit, inside the caller's transaction, in a fixed number of statements
// whatever the group's size: one reads the state of every batch the group touches (locking each
// batch row `for update` and, for the fence, each `locks` row `for share`, in batch-id order so
// that two transactions never wait on each other in a cycle), then the order rule and the fences
// are checked here, write by write in issue order, and the writes that pass are applied with one
// insert of the new batch rows, one insert of every record and one update of revisions and
// completions. A write that breaks the order rule or has lost its fence fails alone, before
// anything is written, so no savepoints are needed.
import {
  checkJournalRecordOrder,
  type JournalBatchStatus,
  type JournalRecord,
  ToolBatchError,
} from "@toolwright/tool-exec";
import type { PostgresJournalClient } from "./postgres-journal-options";

/**
 * The fencing token of a held lock (see `lock` in create-postgres-journal.ts): a write carrying it
 * is applied only while the batch's `locks.epoch` still equals it.
 */
export interface WriteFence {
  readonly epoch: string;
}

/** One `append`, `settle` or `decide` of the group: validated records of one batch. */
export interface GroupWrite {
  readonly batchId: string;
  readonly records: readonly JournalRecord[];
  readonly fence: WriteFence | undefined;
}

/** What became of a write: the rows it inserted, or why it was refused. */
export type GroupWriteOutcome =
  | { readonly ok: true; readonly inserted: number }
  | { readonly ok: false; readonly error: unknown };

interface BatchState {
  status: JournalBatchStatus;
  readonly completedBefore: boolean;
  readonly epoch: string | null;
  /** Set when the group's `batch` record for it lost a race with another writer's. */
  createdElsewhere?: boolean;
}

/**
 * Applies `writes` (in issue order; a batch's writes keep theirs) and returns one outcome per
 * write. Rejects only when a statement fails: the caller rolls the transaction back and fails
 * every write of the group.
 */
export async function writeGroupRecords(
  client: PostgresJournalClient,
  schema: string,
  writes: readonly GroupWrite[],
): Promise<GroupWriteOutcome[]> {
  const states = await readBatchStates(client, schema, writes);
  const outcomes: (GroupWriteOutcome | undefined)[] = writes.map(() => undefined);
  const accepted: number[] = [];
  for (const [index, write] of writes.entries()) {
    const state = states.get(write.batchId)!;
    try {
      checkFence(write, state.epoch);
      checkCallIds(write);
      state.status = checkJournalRecordOrder(write.batchId, write.records, state.status);
      accepted.push(index);
    } catch (error) {
      outcomes[index] = { ok: false, error };
    }
  }
  await createBatches(client, schema, writes, accepted, states);
  const applied = accepted.filter((index) => {
    const write = writes[index]!;
    if (states.get(write.batchId)?.createdElsewhere !== true) return true;
    outcomes[index] = {
      ok: false,
      error: new ToolBatchError(
        "INVALID_ARGUMENT",
        `Journal record 0 for batch ${write.batchId}: the batch already has its batch record (another writer created it at the same moment)`,
      ),
    };
    return false;
  });
  const inserted = await insertRecords(client, schema, writes, applied);
  for (const [position, index] of applied.entries())
    outcomes[index] = { ok: true, inserted: inserted[position]! };
  await updateBatches(client, schema, writes, applied, states);
  return outcomes as GroupWriteOutcome[];
}

async function readBatchStates(
  client: PostgresJournalClient,
  schema: string,
  writes: readonly GroupWrite[],
): Promise<Map<string, BatchState>> {
  const batchIds = [...new Set(writes.map((write) => write.batchId))].sort();
  const completing = new Set(
    writes
      .filter((write) => write.records.some((record) => record.t === "completed"))
      .map((write) => write.batchId),
  );
  // unnest keeps the array's (sorted) order, so rows are locked in batch-id order.
  const { rows } = await client.query<{
    batch_id: string;
    completed: boolean | null;
    epoch: string | null;
    unsettled: string[] | null;
  }>(
    `select given.batch_id, batch.completed,
       (select epoch::text from ${schema}.locks where batch_id = given.batch_id for share) as epoch,
       case when given.completing and batch.completed is not null then array(
         select call_id from ${schema}.records where batch_id = given.batch_id and kind = 'started'
         except select call_id from ${schema}.records where batch_id = given.batch_id and kind = 'settled'
       ) end as unsettled
     from unnest($1::text[], $2::bool[]) as given (batch_id, completing)
     left join lateral (
       select completed_at is not null as completed from ${schema}.batches
       where batch_id = given.batch_id for update
     ) as batch on true`,
    [batchIds, batchIds.map((batchId) => completing.has(batchId))],
  );
  const states = new Map<string, BatchState>();
  for (const row of rows) {
    const exists = row.completed !== null;
    const completed = row.completed === true;
    states.set(row.batch_id, {
      status: {
        exists,
        completed,
        ...(row.unsettled === null ? {} : { unsettled: new Set(row.unsettled) }),
      },
      completedBefore: completed,
      epoch: row.epoch,
    });
  }
  return states;
}

function checkFence(write: GroupWrite, epoch: string | null): void {
  if (write.fence === undefined || epoch === write.fence.epoch) return;
  throw new ToolBatchError(
    "BATCH_LOCKED",
    `Batch ${write.batchId} was locked by another session after this one lost its lock (fencing token ${epoch ?? "none"}, this holder's ${write.fence.epoch}): the write is refused; stop working on the batch`,
  );
}

/** PostgreSQL text cannot hold U+0000; a call id with one fails its own write, not the group. */
function checkCallIds(write: GroupWrite): void {
  for (const [position, record] of write.records.entries()) {
    if ("callId" in record && record.callId.includes("\u0000")) {
      throw new ToolBatchError(
        "INVALID_ARGUMENT",
        `Journal record ${position} for batch ${write.batchId}: its callId holds a U+0000 character, which PostgreSQL text cannot store`,
      );
    }
  }
}

/** Inserts the batch rows of the accepted `batch` records; marks those another writer made first. */
async function createBatches(
  client: PostgresJournalClient,
  schema: string,
  writes: readonly GroupWrite[],
  accepted: readonly number[],
  states: Map<string, BatchState>,
): Promise<void> {
  const created = [
    ...new Set(
      accepted
        .map((index) => writes[index]!)
        .filter((write) => write.records.some((record) => record.t === "batch"))
        .map((write) => write.batchId),
    ),
  ].sort();
  if (created.length === 0) return;
  const { rows } = await client.query<{ batch_id: string }>(
    `insert into ${schema}.batches (batch_id) select unnest($1::text[]) on conflict do nothing returning batch_id`,
    [created],
  );
  const inserted = new Set(rows.map((row) => row.batch_id));
  for (const batchId of created) {
    if (!inserted.has(batchId)) states.get(batchId)!.createdElsewhere = true;
  }
}

/** Inserts the records of `applied` writes in order; returns the rows each inserted. */
async function insertRecords(
  client: PostgresJournalClient,
  schema: string,
  writes: readonly GroupWrite[],
  applied: readonly number[],
): Promise<number[]> {
  const records = applied.flatMap((index) =>
    writes[index]!.records.map((record) => ({ batchId: writes[index]!.batchId, record })),
  );
  if (records.length === 0) return applied.map(() => 0);
  const { rows } = await client.query<{ batch_id: string; kind: string; call_id: string }>(
    `insert into ${schema}.records (batch_id, kind, call_id, record)
     select batch_id, kind, call_id, record::json
     from unnest($1::text[], $2::text[], $3::text[], $4::text[]) with ordinality as given (batch_id, kind, call_id, record, position)
     order by position
     on conflict do nothing
     returning batch_id, kind, call_id`,
    [
      records.map((entry) => entry.batchId),
      records.map((entry) => entry.record.t),
      records.map((entry) => ("callId" in entry.record ? entry.record.callId : null)),
      records.map((entry) => JSON.stringify(entry.record)),
    ],
  );
  return countInsertedRows(writes, applied, rows);
}

/** Raises revisions and sets `completed_at`, one statement for the group. */
async function updateBatches(
  client: PostgresJournalClient,
  schema: string,
  writes: readonly GroupWrite[],
  applied: readonly number[],
  states: Map<string, BatchState>,
): Promise<void> {
  const revisions = new Map<string, number>();
  for (const index of applied) {
    const write = writes[index]!;
    for (const record of write.records) {
      if (record.t === "revision")
        revisions.set(write.batchId, Math.max(revisions.get(write.batchId) ?? -1, record.revision));
    }
  }
  const batchIds = [...states]
    .filter(
      ([batchId, state]) =>
        state.createdElsewhere !== true &&
        (revisions.has(batchId) || (state.status.completed && !state.completedBefore)),
    )
    .map(([batchId]) => batchId)
    .sort();
  if (batchIds.length === 0) return;
  await client.query(
    `update ${schema}.batches as batch
     set revision = greatest(batch.revision, given.revision),
         completed_at = case when given.completed then coalesce(batch.completed_at, now()) else batch.completed_at end
     from unnest($1::text[], $2::int[], $3::bool[]) as given (batch_id, revision, completed)
     where batch.batch_id = given.batch_id`,
    [
      batchIds,
      batchIds.map((batchId) => revisions.get(batchId) ?? -1),
      batchIds.map((batchId) => {
        const state = states.get(batchId)!;
        return state.status.completed && !state.completedBefore;
      }),
    ],
  );
}

/**
 * The rows each of the `applied` writes inserted, from the rows an insert returned. Only `settled`
 * and `decision` rows can be skipped (unique per call); the first of them in issue order is the
 * one inserted, so each returned row is claimed by the first write naming it.
 */
export function countInsertedRows(
  writes: readonly GroupWrite[],
  applied: readonly number[],
  rows: readonly { batch_id: string; kind: string; call_id: string | null }[],
): number[] {
  const unclaimed = new Set(
    rows
      .filter((row) => row.kind === "settled" || row.kind === "decision")
      .map((row) => `${row.batch_id}\n${row.kind}\n${row.call_id}`),
  );
  return applied.map((index) => {
    const write = writes[index]!;
    let inserted = 0;
    for (const record of write.records) {
      if (record.t !== "settled" && record.t !== "decision") {
        inserted++;
        continue;
      }
      const key = `${write.batchId}\n${record.t}\n${record.callId}`;
      if (unclaimed.delete(key)) inserted++;
    }
    return inserted;
  });
}
