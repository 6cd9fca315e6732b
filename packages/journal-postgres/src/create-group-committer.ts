// Group commit: the writes issued in one tick (and those issued while earlier groups commit) go
// into one transaction, so N concurrent writes cost one commit (one WAL flush) and a fixed number
// of round trips instead of N of each: one statement for the writes made while calls run
// (write-group-in-one-statement.ts), a few for the others (write-group-records.ts). Up to
// MAX_GROUPS_IN_FLIGHT groups commit at once on their own connections, so a batch's next write
// never waits for a whole other group's round trips, and PostgreSQL flushes concurrent commits
// together. A batch's writes keep their issue order: a write of a batch that is in a group still
// committing waits for the next group after it (as do the batch's later writes).
//
// A group of nothing but `completed` records commits with `synchronous_commit = off`: it is
// acknowledged before its WAL flush, so a database crash can lose it. Every call of such a batch
// is settled (the order rule refuses `completed` otherwise), so a lost `completed` only lists the
// batch as open again, and recovering it reports the recorded results and runs nothing.
import type { JournalRecord } from "@toolwright/tool-exec";
import { checkOutClient } from "./checked-out-client";
import type { PostgresJournalPool } from "./postgres-journal-options";
import { writeGroupInOneStatement } from "./write-group-in-one-statement";
import { type GroupWrite, type WriteFence, writeGroupRecords } from "./write-group-records";

/** Groups committing at once, each on a connection of the pool. */
export const MAX_GROUPS_IN_FLIGHT = 4;

interface PendingWrite extends GroupWrite {
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
  /** Batches with a write in a group that is committing. */
  const committing = new Set<string>();
  let inFlight = 0;
  let scheduled = false;
  let idleWaiters: (() => void)[] = [];

  async function commitGroup(group: readonly PendingWrite[]): Promise<void> {
    const lazy = group.every((write) => write.records.every((record) => record.t === "completed"));
    const checkedOut = await checkOutClient(pool);
    const { client } = checkedOut;
    let outcomes: Awaited<ReturnType<typeof writeGroupRecords>>;
    try {
      const atOnce = await writeGroupInOneStatement(client, schema, group);
      if (atOnce !== undefined) outcomes = atOnce;
      else {
        await client.query(lazy ? "begin; set local synchronous_commit = off" : "begin");
        outcomes = await writeGroupRecords(client, schema, group);
        await client.query("commit");
      }
      checkedOut.release();
    } catch (error) {
      await client.query("rollback").catch(() => {});
      checkedOut.release(error);
      for (const write of group) write.reject(error);
      return;
    }
    for (const [index, write] of group.entries()) {
      const outcome = outcomes[index]!;
      if (outcome.ok) write.resolve(outcome.inserted);
      else write.reject(outcome.error);
    }
  }

  /** Starts groups while there is room and a write whose batch is not committing. */
  function pump(): void {
    scheduled = false;
    while (inFlight < MAX_GROUPS_IN_FLIGHT && pending.length > 0) {
      const group: PendingWrite[] = [];
      const held: PendingWrite[] = [];
      const waiting = new Set<string>();
      for (const write of pending) {
        // Once one write of a batch waits, its later writes wait too: issue order is kept.
        if (committing.has(write.batchId) || waiting.has(write.batchId)) {
          waiting.add(write.batchId);
          held.push(write);
        } else group.push(write);
      }
      pending = held;
      if (group.length === 0) break;
      const batchIds = new Set(group.map((write) => write.batchId));
      for (const batchId of batchIds) committing.add(batchId);
      inFlight++;
      void commitGroup(group)
        .catch((error: unknown) => {
          for (const write of group) write.reject(error);
        })
        .finally(() => {
          for (const batchId of batchIds) committing.delete(batchId);
          inFlight--;
          pump();
        });
    }
    if (inFlight === 0 && pending.length === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  return {
    write(batchId, records, fence) {
      return new Promise<number>((resolve, reject) => {
        pending.push({ batchId, records, fence, resolve, reject });
        // Let every write of the current tick join the first group.
        if (!scheduled) {
          scheduled = true;
          queueMicrotask(pump);
        }
      });
    },
    idle() {
      if (inFlight === 0 && pending.length === 0 && !scheduled) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
  };
}
