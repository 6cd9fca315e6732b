// Group commit: the writes issued in one tick (and those issued while a commit is under way) go
// into one transaction, so N concurrent writes cost one commit (one WAL flush) instead of N. Each
// write has its own savepoint: a write that breaks the order rule fails alone. Writes are applied
// sorted by batch (stably, so each batch keeps its order): two processes' transactions then lock
// batch rows in the same order and cannot deadlock. A fenced write's lock check is made once per
// batch and fence in a transaction: its row lock holds until the commit.
import type { JournalRecord } from "@toolwright/tool-exec";
import { checkOutClient } from "./checked-out-client";
import type { PostgresJournalPool } from "./postgres-journal-options";
import { type WriteFence, writeBatchRecords } from "./write-batch-records";

interface PendingWrite {
  readonly batchId: string;
  readonly records: readonly JournalRecord[];
  readonly fence: WriteFence | undefined;
  resolve(inserted: number): void;
  reject(error: unknown): void;
}

/** Queues writes and commits them in groups; see the file header. */
export interface GroupCommitter {
  /** Resolves with the rows inserted once the write's transaction committed. */
  write(batchId: string, records: readonly JournalRecord[], fence?: WriteFence): Promise<number>;
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
    const checkedOut = await checkOutClient(pool);
    const { client } = checkedOut;
    const fenced = new Set<string>();
    try {
      await client.query("begin");
      for (const entry of ordered) {
        const fenceKey = entry.fence === undefined ? "" : `${entry.batchId}\n${entry.fence.epoch}`;
        await client.query("savepoint journal_write");
        try {
          const inserted = await writeBatchRecords(
            client,
            schema,
            entry.batchId,
            entry.records,
            entry.fence,
            fenced.has(fenceKey),
          );
          await client.query("release savepoint journal_write");
          // Only now: a rolled-back savepoint also gives up the row lock its fence check took.
          if (entry.fence !== undefined) fenced.add(fenceKey);
          outcomes.set(entry, { ok: true, inserted });
        } catch (error) {
          await client.query("rollback to savepoint journal_write");
          outcomes.set(entry, { ok: false, error });
        }
      }
      await client.query("commit");
      checkedOut.release();
    } catch (error) {
      await client.query("rollback").catch(() => {});
      checkedOut.release(error);
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
    write(batchId, records, fence) {
      return new Promise<number>((resolve, reject) => {
        pending.push({ batchId, records, fence, resolve, reject });
        flushing ??= flush();
      });
    },
    async idle() {
      await flushing;
    },
  };
}
