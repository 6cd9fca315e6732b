// The journal's tables. Migrations run in one transaction under a transaction-scoped advisory lock,
// so any number of processes may start at once: one migrates, the others wait and find the work
// done. Applied versions are kept in `<schema>.migrations`.
import { checkOutClient } from "./checked-out-client";
import type { PostgresJournalPool } from "./postgres-journal-options";

const migrations: readonly ((schema: string) => string)[] = [
  (schema) => `
    create table if not exists ${schema}.batches (
      batch_id text primary key,
      revision int not null default 0,
      created_at timestamptz not null default now(),
      completed_at timestamptz);
    create table if not exists ${schema}.records (
      batch_id text not null references ${schema}.batches on delete cascade,
      seq bigint generated always as identity,
      kind text not null,
      call_id text,
      record json not null,
      at timestamptz not null default now(),
      primary key (batch_id, seq));
    create unique index if not exists records_settled_once on ${schema}.records (batch_id, call_id) where kind = 'settled';
    create unique index if not exists records_decided_once on ${schema}.records (batch_id, call_id) where kind = 'decision';
    create index if not exists batches_open on ${schema}.batches (batch_id) where completed_at is null;`,
  // The fencing token of each batch's lock: raised by every `lock`, checked by the holder's writes.
  (schema) => `
    create table if not exists ${schema}.locks (
      batch_id text primary key,
      epoch bigint not null);`,
  // The listings (listBatches, listPendingApprovals). PostgreSQL refuses to read any field of a
  // json value that holds a \u0000 escape (a tool's output may), so the listings never apply a
  // json operator to a record: the writer stores what they sort and filter by in columns of their
  // own — the record's time, a settled outcome's isError, a batch's tool names, and a light copy
  // of batch and settled records (no arguments, no results). Rows written before this version
  // are filled in here, one at a time: a row whose json cannot be read gets its insert time.
  // Text in byte order ("C"), so that pages follow the order of every other journal.
  (schema) => `
    alter table ${schema}.records add column if not exists record_at text collate "C";
    alter table ${schema}.records add column if not exists is_error boolean;
    alter table ${schema}.records add column if not exists tool_names text[];
    alter table ${schema}.records add column if not exists listing json;
    do $fill$
    declare item record;
    begin
      for item in select batch_id, seq from ${schema}.records where record_at is null loop
        begin
          update ${schema}.records r set
            record_at = r.record->>'at',
            is_error = case when r.kind = 'settled' then (r.record->'outcome'->>'isError')::boolean end,
            tool_names = case when r.kind = 'batch' then
              array(select c->>'name' from json_array_elements(r.record->'calls') c) end
          where r.batch_id = item.batch_id and r.seq = item.seq;
        exception when others then
          update ${schema}.records r set
            record_at = to_char(r.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            tool_names = case when r.kind = 'batch' then '{}'::text[] end
          where r.batch_id = item.batch_id and r.seq = item.seq;
        end;
      end loop;
    end $fill$;
    create index if not exists records_batch_time on ${schema}.records
      (record_at desc, batch_id collate "C" desc) where kind = 'batch';
    create index if not exists records_approval_time on ${schema}.records
      (record_at, batch_id collate "C", call_id collate "C") where kind = 'approval';
    create index if not exists records_call_started on ${schema}.records (batch_id, call_id) where kind = 'started';
    create index if not exists records_call_approval on ${schema}.records (batch_id, call_id) where kind = 'approval';
    create index if not exists records_call_failed on ${schema}.records (batch_id) where kind = 'settled' and is_error;`,
];

/** Creates or upgrades the journal's tables in `schema` (a quoted identifier). */
export async function migrateJournalSchema(
  pool: PostgresJournalPool,
  schema: string,
): Promise<void> {
  const checkedOut = await checkOutClient(pool);
  const { client } = checkedOut;
  try {
    await client.query("begin");
    await client.query("select pg_advisory_xact_lock(hashtext('toolwright'), hashtext($1))", [
      `migrate:${schema}`,
    ]);
    await client.query(`create schema if not exists ${schema}`);
    await client.query(
      `create table if not exists ${schema}.migrations (version int primary key, applied_at timestamptz not null default now())`,
    );
    const { rows } = await client.query<{ version: number }>(
      `select version from ${schema}.migrations`,
    );
    const applied = new Set(rows.map((row) => row.version));
    for (const [index, migration] of migrations.entries()) {
      const version = index + 1;
      if (applied.has(version)) continue;
      await client.query(migration(schema));
      await client.query(`insert into ${schema}.migrations (version) values ($1)`, [version]);
    }
    await client.query("commit");
    checkedOut.release();
  } catch (error) {
    await client.query("rollback").catch(() => {});
    checkedOut.release(error);
    throw error;
  }
}
