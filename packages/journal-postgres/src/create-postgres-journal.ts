import {
  type JournalLock,
  type JournalRecord,
  ToolBatchError,
  type ToolCallJournal,
  validateJournalRecords,
} from "@toolwright/tool-exec";
import { checkOutClient } from "./checked-out-client";
import { createGroupCommitter } from "./create-group-committer";
import { createLockSession, type SessionLock } from "./create-lock-session";
import { migrateJournalSchema } from "./migrate-journal-schema";
import type { PostgresJournalOptions } from "./postgres-journal-options";
import type { WriteFence } from "./write-group-records";

const SCHEMA_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * A {@link ToolCallJournal} in PostgreSQL, for several processes or machines sharing batches.
 * Records are rows of `<schema>.records` (JSON, exactly as written); `settle` and `decide` insert
 * with `on conflict do nothing` against unique indexes, so a call is settled and decided once
 * whatever races. Writes of one tick share one transaction (group commit). `lock` takes a session
 * advisory lock on the journal's lock session (one connection for all its locks, checked out while
 * any is held): it disappears when the process or that connection dies. Throws `ToolBatchError` `INVALID_ARGUMENT` for a bad `schema`.
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
  const locks = createLockSession(pool, schema, schemaName);
  const heldLocks = new Map<string, HeldLock>();
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
    const checkedOut = await checkOutClient(pool);
    try {
      const { rows } = await checkedOut.client.query<TRow>(text, values);
      checkedOut.release();
      return rows;
    } catch (error) {
      checkedOut.release(error);
      throw error;
    }
  }

  /** The fence of a write to `batchId`: the lock this journal holds on it, if any. */
  function fenceOf(batchId: string): WriteFence | undefined {
    const held = heldLocks.get(batchId);
    if (held?.lock === undefined) return undefined;
    if (held.lock.lost()) {
      throw new ToolBatchError(
        "BATCH_LOCKED",
        `Batch ${batchId} is no longer locked by ${held.owner}: the lock's database connection ended (a restart, a failover, a terminated session), and another session may hold the batch now; stop working on it and recover it`,
      );
    }
    return held;
  }

  async function write(batchId: string, records: readonly JournalRecord[]): Promise<number> {
    await ready();
    return committer.write(batchId, records, fenceOf(batchId));
  }

  async function writeOne(
    batchId: string,
    record: JournalRecord,
  ): Promise<"recorded" | "duplicate"> {
    const copies = validateJournalRecords(batchId, [record]);
    return (await write(batchId, copies)) === 1 ? "recorded" : "duplicate";
  }

  return {
    async append(batchId, records) {
      const copies = validateJournalRecords(batchId, records);
      await ready();
      if (copies.length > 0) await write(batchId, copies);
    },
    settle: writeOne,
    // A decision needs no lock (any reviewer's process may decide), so it is never fenced.
    async decide(batchId, record) {
      const copies = validateJournalRecords(batchId, [record]);
      await ready();
      return (await committer.write(batchId, copies)) === 1 ? "recorded" : "duplicate";
    },
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
    async lock(batchId, owner): Promise<JournalLock> {
      await ready(batchId);
      // One session holds every lock of this journal, and its locks stack: a batch this journal
      // holds (or is taking) is refused here.
      const holder = heldLocks.get(batchId);
      if (holder !== undefined) {
        throw new ToolBatchError(
          "BATCH_LOCKED",
          `Batch ${batchId} is locked by ${holder.owner} (this journal)`,
        );
      }
      const taking = locks.lock(batchId);
      const placeholder: HeldLock = { owner, epoch: "", lock: undefined };
      heldLocks.set(batchId, placeholder);
      let granted: SessionLock | undefined;
      try {
        granted = await taking;
      } finally {
        if (heldLocks.get(batchId) === placeholder) heldLocks.delete(batchId);
      }
      if (granted !== undefined && closed) {
        await granted.release();
        throw new Error("The Postgres journal is closed");
      }
      if (granted === undefined) {
        throw new ToolBatchError(
          "BATCH_LOCKED",
          `Batch ${batchId} is locked by another session (an advisory lock in schema ${schemaName}); ${owner} cannot take it`,
        );
      }
      const held: HeldLock = { owner, epoch: granted.epoch, lock: granted };
      heldLocks.set(batchId, held);
      return {
        async release() {
          if (heldLocks.get(batchId) !== held) return;
          heldLocks.delete(batchId);
          await granted.release();
        },
      };
    },
    async close() {
      closed = true;
      await committer.idle();
      const held = [...heldLocks.values()];
      heldLocks.clear();
      await Promise.all(held.map(({ lock }) => lock?.release()));
    },
  };
}

/** A lock this journal holds (`lock` unset while it is being taken) and its fencing token. */
interface HeldLock extends WriteFence {
  readonly owner: string;
  readonly lock: SessionLock | undefined;
}
