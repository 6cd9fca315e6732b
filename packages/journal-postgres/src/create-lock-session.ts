// The journal's batch locks: session advisory locks, all held on one connection of the journal
// (its lock session), checked out while the journal holds or takes a lock. Lock and unlock requests
// made at the same moment share one statement: a lock is `pg_try_advisory_lock` plus the raise of
// the batch's fencing token (`locks.epoch`) in one round trip, however many batches ask. The
// session's locks end with it, so a process that dies, or whose lock connection dies, frees every
// batch it held, and its writes are fenced from then on (see `lost` and write-group-records.ts).
//
// The raise commits with `synchronous_commit = off`: it is not flushed before the lock is
// granted. A write under the new token reads the raised row and commits after it, and a commit
// flushes the WAL up to its own record, so the raise is durable before anything written under it
// is. If the database crashes first, the raise is lost together with every session, and nothing
// was written under it.
import { type CheckedOutClient, checkOutClient } from "./checked-out-client";
import type { PostgresJournalPool } from "./postgres-journal-options";

/** A lock granted on the lock session. */
export interface SessionLock {
  /** The batch's fencing token, raised by this lock. */
  readonly epoch: string;
  /** Whether the lock is gone: its session's connection ended or was discarded. */
  lost(): boolean;
  /** Releases the lock (nothing when it is lost); never rejects. */
  release(): Promise<void>;
}

/** Takes and releases a journal's advisory locks; see the file header. */
export interface LockSession {
  /** The lock of `batchId`, or `undefined` when another session holds it. Rejects when the database fails. */
  lock(batchId: string): Promise<SessionLock | undefined>;
}

interface Session {
  readonly connection: CheckedOutClient;
  held: number;
  ended: boolean;
}

interface LockRequest {
  readonly batchId: string;
  resolve(lock: SessionLock | undefined): void;
  reject(error: unknown): void;
}

interface UnlockRequest {
  readonly batchId: string;
  readonly session: Session;
  resolve(): void;
}

/**
 * The lock session of a journal over `pool`, for tables in `schema` (quoted) whose advisory keys
 * are `hashtext('toolwright')` and `hashtext('<schemaName>:<batchId>')`. The caller never asks for
 * a batch it holds or is taking: one session's advisory locks stack, so a second lock would succeed.
 */
export function createLockSession(
  pool: PostgresJournalPool,
  schema: string,
  schemaName: string,
): LockSession {
  let session: Session | undefined;
  let locks: LockRequest[] = [];
  let unlocks: UnlockRequest[] = [];
  let running = false;

  function start(): void {
    if (running) return;
    running = true;
    void run();
  }

  function end(ended: Session, error?: unknown): void {
    ended.ended = true;
    ended.connection.release(error);
    if (session === ended) session = undefined;
  }

  const isLive = (candidate: Session) => !candidate.ended && !candidate.connection.broken();

  async function runUnlocks(requests: readonly UnlockRequest[]): Promise<void> {
    const live = requests.filter(
      (request) => request.session === session && isLive(request.session),
    );
    if (session !== undefined && live.length > 0) {
      const current = session;
      try {
        await current.connection.client.query(
          `select pg_advisory_unlock(hashtext('toolwright'), hashtext($2 || ':' || batch_id))
           from unnest($1::text[]) as given (batch_id)`,
          [live.map((request) => request.batchId), schemaName],
        );
        current.held -= live.length;
      } catch (error) {
        // Ending the session frees its locks: the one way left to release them.
        end(current, error);
      }
    }
    for (const request of requests) request.resolve();
  }

  async function runLocks(requests: readonly LockRequest[]): Promise<void> {
    let current: Session | undefined;
    try {
      if (session !== undefined && !isLive(session)) end(session);
      session ??= { connection: await checkOutClient(pool), held: 0, ended: false };
      current = session;
      const batchIds = requests.map((request) => request.batchId);
      const { rows } = await current.connection.client.query<{
        batch_id: string;
        epoch: string | null;
      }>(
        `with wanted as (
           select batch_id, pg_try_advisory_lock(hashtext('toolwright'), hashtext($2 || ':' || batch_id)) as locked
           from unnest($1::text[]) as given (batch_id)
         ), raised as (
           insert into ${schema}.locks (batch_id, epoch)
           select batch_id, 1 from wanted where locked
           on conflict (batch_id) do update set epoch = ${schema}.locks.epoch + 1
           returning batch_id, epoch::text as epoch
         ), unsynced as (select set_config('synchronous_commit', 'off', true))
         select wanted.batch_id, raised.epoch from wanted
         left join raised on raised.batch_id = wanted.batch_id, unsynced`,
        [batchIds, schemaName],
      );
      const epochs = new Map(rows.map((row) => [row.batch_id, row.epoch]));
      for (const request of requests) {
        const epoch = epochs.get(request.batchId) ?? null;
        if (epoch === null) request.resolve(undefined);
        else {
          current.held++;
          request.resolve(grant(current, request.batchId, epoch));
        }
      }
    } catch (error) {
      // Some of these locks may be held now (a session lock outlives a failed statement): ending
      // the session frees them, and every other lock of it, which their holders learn at once.
      if (current !== undefined) end(current, error);
      for (const request of requests) request.reject(error);
    }
  }

  function grant(owner: Session, batchId: string, epoch: string): SessionLock {
    let released = false;
    return {
      epoch,
      lost: () => !isLive(owner),
      release() {
        if (released) return Promise.resolve();
        released = true;
        return new Promise<void>((resolve) => {
          unlocks.push({ batchId, session: owner, resolve });
          start();
        });
      },
    };
  }

  async function run(): Promise<void> {
    // Let every request of the current tick join the first statement.
    await Promise.resolve();
    while (unlocks.length > 0 || locks.length > 0) {
      const unlocking = unlocks;
      unlocks = [];
      if (unlocking.length > 0) await runUnlocks(unlocking);
      const locking = locks;
      locks = [];
      if (locking.length > 0) await runLocks(locking);
    }
    // Nothing held: the connection goes back to the pool until the next lock. A dead one (its
    // locks went with it) is discarded.
    if (session !== undefined && (session.held === 0 || !isLive(session))) end(session);
    running = false;
  }

  return {
    lock(batchId) {
      return new Promise<SessionLock | undefined>((resolve, reject) => {
        locks.push({ batchId, resolve, reject });
        start();
      });
    },
  };
}
