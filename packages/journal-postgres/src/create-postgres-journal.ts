import {
  type JournalLock,
  type JournalRecord,
  readJournalApprovalQuery,
  readJournalBatchQuery,
  ToolBatchError,
  type ToolCallJournal,
  validateJournalRecords,
} from "@toolwright/tool-exec";
import { createGroupCommitter } from "./create-group-committer";
import { listPostgresApprovals } from "./list-postgres-approvals";
import { listPostgresBatches } from "./list-postgres-batches";
import { migrateJournalSchema } from "./migrate-journal-schema";
import type { PostgresJournalClient, PostgresJournalOptions } from "./postgres-journal-options";

const SCHEMA_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * A {@link ToolCallJournal} in PostgreSQL, for several processes or machines sharing batches.
 * Records are rows of `<schema>.records` (JSON, exactly as written); `settle` and `decide` insert
 * with `on conflict do nothing` against unique indexes, so a call is settled and decided once
 * whatever races. Writes of one tick share one transaction (group commit). `lock` holds a session
 * advisory lock on a connection checked out for the lock's lifetime: it disappears when the
 * process or its connection dies. Throws `ToolBatchError` `INVALID_ARGUMENT` for a bad `schema`.
 */
export function createPostgresJournal(options: PostgresJournalOptions): ToolCallJournal {
  const { pool, schema: schemaName = "toolwright", migrate = true } = options;
  if (typeof pool?.connect !== "function") {
    throw new ToolBatchError(
      "INVALID_ARGUMENT",
      "createPostgresJournal: pool must be a pg.Pool (or have its connect())",
    );
  }
  if (typeof schemaName !== "string" || !SCHEMA_PATTERN.test(schemaName)) {
    throw new ToolBatchError(
      "INVALID_ARGUMENT",
      `createPostgresJournal: schema must match ${String(SCHEMA_PATTERN)}, got ${JSON.stringify(schemaName)}`,
    );
  }
  const schema = `"${schemaName}"`;
  const committer = createGroupCommitter(pool, schema);
  const heldLocks = new Set<() => Promise<void>>();
  let migrated: Promise<void> | undefined;
  let closed = false;

  async function ready(batchId?: string): Promise<void> {
    if (closed) throw new Error("The Postgres journal is closed");
    if (batchId !== undefined) validateJournalRecords(batchId, []);
    if (!migrate) return;
    migrated ??= migrateJournalSchema(pool, schema).catch((error: unknown) => {
      migrated = undefined;
      throw error;
    });
    await migrated;
  }

  async function query<TRow>(text: string, values: unknown[]): Promise<TRow[]> {
    const client = await pool.connect();
    try {
      const { rows } = await client.query<TRow>(text, values);
      client.release();
      return rows;
    } catch (error) {
      client.release(error instanceof Error ? error : true);
      throw error;
    }
  }

  const runQuery = <TRow>(text: string, values: unknown[]) => query<TRow>(text, values);

  async function writeOne(
    batchId: string,
    record: JournalRecord,
  ): Promise<"recorded" | "duplicate"> {
    const copies = validateJournalRecords(batchId, [record]);
    await ready();
    return (await committer.write(batchId, copies)) === 1 ? "recorded" : "duplicate";
  }

  return {
    async append(batchId, records) {
      const copies = validateJournalRecords(batchId, records);
      await ready();
      if (copies.length > 0) await committer.write(batchId, copies);
    },
    settle: writeOne,
    decide: writeOne,
    async read(batchId) {
      await ready(batchId);
      const rows = await query<{ record: JournalRecord }>(
        `select record from ${schema}.records where batch_id = $1 order by seq`,
        [batchId],
      );
      return rows.map((row) => row.record);
    },
    async listOpen() {
      await ready();
      const rows = await query<{ batch_id: string }>(
        `select batch_id from ${schema}.batches where completed_at is null`,
        [],
      );
      return rows.map((row) => row.batch_id);
    },
    async listBatches(query) {
      const resolved = readJournalBatchQuery(query);
      await ready();
      return listPostgresBatches(runQuery, schema, resolved);
    },
    async listPendingApprovals(query) {
      const resolved = readJournalApprovalQuery(query);
      await ready();
      return listPostgresApprovals(runQuery, schema, resolved);
    },
    async lock(batchId, owner): Promise<JournalLock> {
      await ready(batchId);
      const client = await pool.connect();
      // A checked-out client's connection error would otherwise be an unhandled 'error' event.
      const onError = () => {};
      client.on?.("error", onError);
      const key = [`${schemaName}:${batchId}`];
      let locked = false;
      try {
        const { rows } = await client.query<{ locked: boolean }>(
          "select pg_try_advisory_lock(hashtext('toolwright'), hashtext($1)) as locked",
          key,
        );
        locked = rows[0]?.locked === true;
      } catch (error) {
        client.off?.("error", onError);
        client.release(error instanceof Error ? error : true);
        throw error;
      }
      if (!locked) {
        client.off?.("error", onError);
        client.release();
        throw new ToolBatchError(
          "BATCH_LOCKED",
          `Batch ${batchId} is locked by another session (an advisory lock in schema ${schemaName}); ${owner} cannot take it`,
        );
      }
      const release = async () => {
        if (!heldLocks.delete(release)) return;
        await unlock(client, key, onError);
      };
      heldLocks.add(release);
      return { release };
    },
    async close() {
      closed = true;
      await committer.idle();
      await Promise.all([...heldLocks].map((release) => release()));
    },
  };
}

async function unlock(
  client: PostgresJournalClient,
  key: string[],
  onError: () => void,
): Promise<void> {
  try {
    await client.query("select pg_advisory_unlock(hashtext('toolwright'), hashtext($1))", key);
    client.off?.("error", onError);
    client.release();
  } catch (error) {
    // The connection is broken: discarding it ends its session, and the lock with it.
    client.off?.("error", onError);
    client.release(error instanceof Error ? error : true);
  }
}
