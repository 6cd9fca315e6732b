/** The result of a query, as `pg` returns it. */
export interface PostgresQueryResult<TRow> {
  readonly rows: TRow[];
  readonly rowCount: number | null;
}

/**
 * What the journal uses of a `pg` client: a `pg.PoolClient` fits.
 *
 * **Contract:** `query` may reject (the journal rolls back and passes the error on); `on("error")`
 * and `on("end")` get a listener for as long as the journal has the client checked out, so a
 * dropped connection is never an unhandled `'error'` event, and a lock whose connection ended is
 * known lost.
 */
export interface PostgresJournalClient {
  /** Runs one parameterised statement (`$1`, `$2`, …) and resolves to its rows. */
  query<TRow = Record<string, unknown>>(
    text: string,
    values?: unknown[],
  ): Promise<PostgresQueryResult<TRow>>;
  /** Returns the client to its pool; with an error, the pool discards it. */
  release(error?: Error | boolean): void;
  /**
   * Listens for the connection's `error` and `end` events, so a connection lost while the journal
   * holds it is noticed.
   */
  on?(event: "error" | "end", listener: (error?: Error) => void): unknown;
  /** Removes a listener added with `on` when the client goes back to the pool. */
  off?(event: "error" | "end", listener: (error?: Error) => void): unknown;
}

/**
 * What the journal uses of a `pg` pool: a `pg.Pool` fits.
 *
 * **Contract:** `connect()` may reject (the journal call rejects with that error); the journal
 * releases every client it gets, with the error when the connection failed, and never ends the
 * pool.
 */
export interface PostgresJournalPool {
  /** Checks a client out of the pool; the journal returns it with `release`. */
  connect(): Promise<PostgresJournalClient>;
}

/** Options of {@link createPostgresJournal}. */
export interface PostgresJournalOptions {
  /**
   * The pool the journal queries through; it stays yours (`close()` does not end it). The journal
   * keeps one of its connections checked out while it holds any batch lock (all its locks share
   * it) and commits on up to four more at once: it needs at least two connections, and five or
   * more never keep a write waiting.
   */
  readonly pool: PostgresJournalPool;
  /** The schema of the journal's tables; default `"toolwright"`. Lower-case letters, digits and `_`. */
  readonly schema?: string;
  /** Create or upgrade the tables on first use (under an advisory lock); default `true`. */
  readonly migrate?: boolean;
}
