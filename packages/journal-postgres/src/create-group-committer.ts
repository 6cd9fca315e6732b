// Group commit: the writes issued in one tick (and those issued while a commit is under way) go
// into one transaction, so N concurrent writes cost one commit (one WAL flush) instead of N. Each
// write has its own savepoint: a write that breaks the order rule fails alone. Writes are applied
// sorted by batch (stably, so each batch keeps its order): two processes' transactions then lock
// batch rows in the same order and cannot deadlock.
import type { JournalRecord } from "@toolwright/tool-exec";
import type { PostgresJournalPool } from "./postgres-journal-options";
import { writeBatchRecords } from "./write-batch-records";

interface PendingWrite {
  readonly batchId: string;
  readonly records: readonly JournalRecord[];
  resolve(inserted: number): void;
  reject(error: unknown): void;
}

/** Queues writes and commits them in groups; see the file header. */
export interface GroupCommitter {
  /** Resolves with the rows inserted once the write's transaction committed. */
  write(batchId: string, records: readonly JournalRecord[]): Promise<number>;
  /** Resolves when no write is pending. */
  idle(): Promise<void>;
}

export function createGroupCommitter(pool: PostgresJournalPool, schema: string): GroupCommitter {
  let pending: PendingWrite[] = [];
  let flushing: Promise<void> | undefined;

  async function commitGroup(group: PendingWrite[]): Promise<void> {
    const outcomes = new Map<
      PendingWrite,
      { ok: true; inserted: number } | { ok: false; error: unknown }
    >();
    const ordered = [...group].sort((left, right) =>
      left.batchId < right.batchId ? -1 : left.batchId > right.batchId ? 1 : 0,
    );
    const client = await pool.connect();
    try {
      await client.query("begin");
      for (const entry of ordered) {
        await client.query("savepoint journal_write");
        try {
          const inserted = await writeBatchRecords(client, schema, entry.batchId, entry.records);
          await client.query("release savepoint journal_write");
          outcomes.set(entry, { ok: true, inserted });
        } catch (error) {
          await client.query("rollback to savepoint journal_write");
          outcomes.set(entry, { ok: false, error });
        }
      }
      await client.query("commit");
      client.release();
    } catch (error) {
      await client.query("rollback").catch(() => {});
      client.release(error instanceof Error ? error : true);
      for (const entry of group) entry.reject(error);
      return;
    }
    for (const entry of group) {
      const outcome = outcomes.get(entry)!;
      if (outcome.ok) entry.resolve(outcome.inserted);
      else entry.reject(outcome.error);
    }
  }

  async function flush(): Promise<void> {
    await Promise.resolve();
    while (pending.length > 0) {
      const group = pending;
      pending = [];
      await commitGroup(group).catch((error: unknown) => {
        for (const entry of group) entry.reject(error);
      });
    }
    flushing = undefined;
  }

  return {
    write(batchId, records) {
      return new Promise<number>((resolve, reject) => {
        pending.push({ batchId, records, resolve, reject });
        flushing ??= flush();
      });
    },
    async idle() {
      await flushing;
    },
  };
}
