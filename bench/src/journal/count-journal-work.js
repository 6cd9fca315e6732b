// What a journal asks of the disk or the database while the journal bench runs: `fdatasync` and
// `fsync` calls and file creations/removals for the file journal (counted by wrapping Node's
// FileHandle methods and the fs/promises functions it imports), queries, transactions and client
// checkouts for the PostgreSQL journal (counted by wrapping the pool it is given), and the
// server's own WAL flushes (`pg_stat_wal.wal_sync`: the durable points, whichever statement asked
// for them; the server is private to this run). Counting is an increment per call: it does not
// change what is measured.

import { promises as fsPromises } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Counters, read as deltas around each measured configuration. */
export const fileWork = { datasync: 0, fsync: 0, open: 0, link: 0, unlink: 0 };
export const postgresWork = { checkouts: 0, queries: 0, walSyncs: 0 };

let installed = false;

/** Wraps FileHandle.prototype.datasync/sync and fs/promises open/link/unlink (once). */
export async function countFileWork() {
  if (installed) return;
  installed = true;
  const probe = await fsPromises.open(join(tmpdir(), "."), "r");
  const prototype = Object.getPrototypeOf(probe);
  await probe.close();
  const { datasync, sync } = prototype;
  prototype.datasync = function countedDatasync() {
    fileWork.datasync++;
    return datasync.call(this);
  };
  prototype.sync = function countedSync() {
    fileWork.fsync++;
    return sync.call(this);
  };
  for (const name of /** @type {const} */ (["open", "link", "unlink"])) {
    const original = /** @type {(...args: any[]) => any} */ (fsPromises[name]);
    /** @type {any} */ (fsPromises)[name] = (/** @type {any[]} */ ...args) => {
      fileWork[name]++;
      return original(...args);
    };
  }
  // ESM importers of node:fs/promises (the built tool-exec) see the wrapped functions too.
  syncBuiltinESMExports();
}

/**
 * A pool that counts what passes through it.
 * @param {{ connect(): Promise<any> }} pool
 */
export function countingPool(pool) {
  return {
    async connect() {
      postgresWork.checkouts++;
      const client = await pool.connect();
      return new Proxy(client, {
        get(target, property) {
          if (property === "query") {
            return (/** @type {any} */ text, /** @type {any[]} */ ...rest) => {
              postgresWork.queries++;
              return target.query(text, ...rest);
            };
          }
          const value = Reflect.get(target, property);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
    },
  };
}

/**
 * Reads the server's WAL flush count into `postgresWork.walSyncs`.
 * @param {{ query(text: string): Promise<{ rows: any[] }> }} pool
 */
export async function readWalSyncs(pool) {
  const { rows } = await pool.query("select wal_sync::float8 as syncs from pg_stat_wal");
  postgresWork.walSyncs = Number(rows[0]?.syncs ?? 0);
}

/**
 * A snapshot of counters, to subtract later.
 * @template {Record<string, number>} T
 * @param {T} counters
 * @returns {T}
 */
export function snapshot(counters) {
  return { ...counters };
}
