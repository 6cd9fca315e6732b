import type { PostgresJournalClient, PostgresJournalPool } from "./postgres-journal-options";

/**
 * A client checked out of `pool` with an `'error'` listener for as long as it is out: a connection
 * that dies under a checked-out client (a restart, `pg_terminate_backend`, a network reset) makes
 * the client emit `'error'`, and without a listener that is an uncaught exception that ends the
 * process — even when the pool has its own `'error'` listener, which hears only idle clients. The
 * query in flight rejects as well, and that rejection is what the journal reports.
 */
export interface CheckedOutClient {
  readonly client: PostgresJournalClient;
  /** Whether the connection reported an error or closed while checked out. */
  readonly broken: () => boolean;
  /** Returns the client; a broken one (or one given an error) is discarded by the pool. */
  release(error?: unknown): void;
}

export async function checkOutClient(pool: PostgresJournalPool): Promise<CheckedOutClient> {
  const client = await pool.connect();
  let broken = false;
  const onError = () => {
    broken = true;
  };
  client.on?.("error", onError);
  client.on?.("end", onError);
  let released = false;
  return {
    client,
    broken: () => broken,
    release(error) {
      if (released) return;
      released = true;
      client.off?.("error", onError);
      client.off?.("end", onError);
      const discard = error !== undefined || broken;
      client.release(discard ? (error instanceof Error ? error : true) : undefined);
    },
  };
}
