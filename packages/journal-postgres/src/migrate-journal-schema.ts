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
