// listBatches in SQL: the page is cut by the database. Batches are found through their `batch`
// record (records_batch_time: newest first, then batch id), each one's state is computed from
// index lookups on its calls' records, and the scan stops as soon as the page is full; the cursor
// is a keyset condition on the same index, so a later page costs what the first one does. Only
// the page's batches are then read, with the light copies of their batch and settled records
// (no arguments, no results), and summarised by tool-exec's summarizeJournalBatch, as the other
// journals do. No json operator is applied to a record (see migration 3).
import {
  encodeJournalCursor,
  type JournalBatchPage,
  type JournalRecord,
  type ResolvedJournalBatchQuery,
  summarizeJournalBatch,
} from "@toolwright/tool-exec";
import { toPostgresText } from "./listing-columns";

/** A batch's state from its records, as tool-exec's summary defines it; `r` is its batch record. */
const batchState = (schema: string) => `
  case
    when b.completed_at is not null then
      case when exists (
        select 1 from ${schema}.records f
        where f.batch_id = r.batch_id and f.kind = 'settled' and f.is_error
      ) then 'failed' else 'completed' end
    when exists (
      select 1 from ${schema}.records s
      where s.batch_id = r.batch_id and s.kind = 'started' and not exists (
        select 1 from ${schema}.records x
        where x.batch_id = s.batch_id and x.kind = 'settled' and x.call_id = s.call_id)
    ) then 'open'
    when exists (
      select 1 from ${schema}.records a
      where a.batch_id = r.batch_id and a.kind = 'approval' and not exists (
        select 1 from ${schema}.records x
        where x.batch_id = a.batch_id and x.kind = 'settled' and x.call_id = a.call_id)
    ) then 'suspended'
    else 'open'
  end`;

/** What listBatches runs a query with: the pool's one-shot query. */
export type RunQuery = <TRow>(text: string, values: unknown[]) => Promise<TRow[]>;

/** The SQL of the page's batch ids, with only the conditions the query has. */
export function buildBatchPageQuery(
  schema: string,
  query: ResolvedJournalBatchQuery,
): { readonly text: string; readonly values: unknown[] } {
  const values: unknown[] = [];
  const parameter = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const time = "r.record_at";
  const conditions = ["r.kind = 'batch'"];
  if (query.after !== undefined)
    conditions.push(
      `(${time}, r.batch_id collate "C") < (${parameter(query.after.at)}, ${parameter(query.after.batchId)})`,
    );
  if (query.since !== undefined) conditions.push(`${time} >= ${parameter(query.since)}`);
  if (query.until !== undefined) conditions.push(`${time} < ${parameter(query.until)}`);
  if (query.toolName !== undefined)
    conditions.push(`${parameter(toPostgresText(query.toolName))} = any(r.tool_names)`);
  if (query.state !== undefined)
    conditions.push(`(${batchState(schema)}) = ${parameter(query.state)}`);
  const text = `
    select r.batch_id from ${schema}.records r join ${schema}.batches b on b.batch_id = r.batch_id
    where ${conditions.join(" and ")}
    order by ${time} desc, r.batch_id collate "C" desc
    limit ${parameter(query.limit + 1)}`;
  return { text, values };
}

/** listBatches of the Postgres journal; see the file header. */
export async function listPostgresBatches(
  run: RunQuery,
  schema: string,
  query: ResolvedJournalBatchQuery,
): Promise<JournalBatchPage> {
  const { text, values } = buildBatchPageQuery(schema, query);
  const ids = (await run<{ batch_id: string }>(text, values)).map((row) => row.batch_id);
  const pageIds = ids.slice(0, query.limit);
  if (pageIds.length === 0) return { batches: [] };
  const rows = await run<{ batch_id: string; record: JournalRecord }>(
    `select r.batch_id, coalesce(r.listing, r.record) as record from ${schema}.records r
     where r.batch_id = any($1) order by r.batch_id, r.seq`,
    [pageIds],
  );
  const recordsOf = new Map<string, JournalRecord[]>(pageIds.map((batchId) => [batchId, []]));
  for (const row of rows) recordsOf.get(row.batch_id)?.push(row.record);
  const batches = pageIds.map((batchId) => summarizeJournalBatch(batchId, recordsOf.get(batchId)!));
  const last = batches.at(-1);
  return ids.length > query.limit && last !== undefined
    ? { batches, nextCursor: encodeJournalCursor("batches", [last.at, last.batchId]) }
    : { batches };
}
