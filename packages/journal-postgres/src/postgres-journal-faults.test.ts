// What the journal does when PostgreSQL drops its connections: a backend terminated by an admin or
// a pooler (`pg_terminate_backend`), as a restart or a failover does to every session. A failing
// database rejects the write; it never kills the process, and a holder whose lock went with its
// connection is told at its next write.
import { ToolBatchError, type ToolCallJournal } from "@toolwright/tool-exec";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPostgresJournal } from "./create-postgres-journal";

const url = inject("postgresUrl");
const schema = `tw_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
const at = "2026-12-01T14:00:00.000Z";
/** The session that holds a batch lock: the lock's own connection. */
const HOLDS_ADVISORY_LOCK = "pid in (select pid from pg_locks where locktype = 'advisory')";

const batchRecord = (batchId: string) =>
  ({
    t: "batch",
    v: 1,
    batchId,
    at,
    mode: "parallel",
    calls: [
      { type: "toolCall", id: "c1", name: "send", arguments: {} },
      { type: "toolCall", id: "c2", name: "send", arguments: {} },
    ],
  }) as const;
const startedRecord = (callId: string) =>
  ({ t: "started", callId, attempt: 1, replay: "never", at }) as const;
const settledRecord = (callId: string) =>
  ({
    t: "settled",
    callId,
    at,
    outcome: { result: { content: [{ type: "text", text: `sent ${callId}` }] }, isError: false },
  }) as const;

describe.skipIf(url === "")("createPostgresJournal when PostgreSQL drops its connections", () => {
  let admin: pg.Pool;
  const pools: pg.Pool[] = [];
  const poolErrors: Error[] = [];

  /** A journal on a pool of its own, named so that its sessions can be found and terminated. */
  function openJournal(name: string): ToolCallJournal {
    const pool = new pg.Pool({ connectionString: url, max: 4, application_name: name });
    // What the README asks of every application: an idle client's error reaches the pool.
    pool.on("error", (error) => poolErrors.push(error));
    pools.push(pool);
    return createPostgresJournal({ pool, schema });
  }

  /** Terminates the sessions of `name` matching `where` (a SQL condition on pg_stat_activity). */
  async function terminate(name: string, where = "true"): Promise<number> {
    const { rows } = await admin.query<{ terminated: boolean }>(
      `select pg_terminate_backend(pid) as terminated from pg_stat_activity
       where application_name = $1 and pid <> pg_backend_pid() and (${where})`,
      [name],
    );
    return rows.filter((row) => row.terminated).length;
  }

  /** Waits until a session of `name` waits for a lock, as a write behind a row lock does. */
  async function waitUntilBlocked(name: string): Promise<void> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const { rows } = await admin.query(
        "select 1 from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'",
        [name],
      );
      if (rows.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`no session of ${name} waited for a lock within 5 s`);
  }

  beforeAll(() => {
    admin = new pg.Pool({ connectionString: url, max: 3 });
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  });

  it("should reject a write whose connection is terminated during its commit, without crashing the process", async () => {
    const journal = openJournal("tw-commit-killed");
    const batchId = `commit-killed-${crypto.randomUUID()}`;
    await journal.append(batchId, [batchRecord(batchId)]);
    // Another session holds the batch row, so the group commit's write waits inside its transaction.
    const holder = await admin.connect();
    try {
      await holder.query("begin");
      await holder.query(`select 1 from "${schema}".batches where batch_id = $1 for update`, [
        batchId,
      ]);
      const write = journal.append(batchId, [startedRecord("c1")]).then(
        () => "resolved",
        (error: unknown) => error,
      );
      await waitUntilBlocked("tw-commit-killed");
      expect(await terminate("tw-commit-killed", "wait_event_type = 'Lock'")).toBe(1);
      const outcome = await write;
      expect(outcome).toBeInstanceOf(Error);
      expect((outcome as Error).message).toMatch(/terminat/i);
    } finally {
      await holder.query("rollback");
      holder.release();
    }
    // The journal goes on with a fresh connection.
    await journal.append(batchId, [startedRecord("c2")]);
    expect((await journal.read(batchId)).map((record) => record.t)).toEqual(["batch", "started"]);
    await journal.close();
  });

  it("should reject a read whose connection is terminated while it waits, without crashing the process", async () => {
    const journal = openJournal("tw-read-killed");
    const batchId = `read-killed-${crypto.randomUUID()}`;
    await journal.append(batchId, [batchRecord(batchId)]);
    const holder = await admin.connect();
    try {
      await holder.query("begin");
      await holder.query(`lock table "${schema}".records in access exclusive mode`);
      const read = journal.read(batchId).then(
        () => "resolved",
        (error: unknown) => error,
      );
      await waitUntilBlocked("tw-read-killed");
      expect(await terminate("tw-read-killed", "wait_event_type = 'Lock'")).toBe(1);
      expect(await read).toBeInstanceOf(Error);
    } finally {
      await holder.query("rollback");
      holder.release();
    }
    expect((await journal.read(batchId)).length).toBe(1);
    await journal.close();
  });

  it("should fail the next write of a holder whose lock connection died with BATCH_LOCKED, once another session took the lock", async () => {
    const first = openJournal("tw-lock-a");
    const second = openJournal("tw-lock-b");
    const batchId = `lock-lost-${crypto.randomUUID()}`;
    await first.lock(batchId, "holder A");
    await first.append(batchId, [batchRecord(batchId), startedRecord("c1")]);
    // The lock's connection is the one whose last query took the advisory lock.
    expect(await terminate("tw-lock-a", HOLDS_ADVISORY_LOCK)).toBe(1);
    let taken: Awaited<ReturnType<ToolCallJournal["lock"]>> | undefined;
    for (let attempt = 0; attempt < 100 && taken === undefined; attempt++) {
      taken = await second.lock(batchId, "holder B").catch(async () => {
        await new Promise((resolve) => setTimeout(resolve, 25));
        return undefined;
      });
    }
    expect(taken).toBeDefined();
    const late = await first.settle(batchId, settledRecord("c1")).catch((error: unknown) => error);
    expect(ToolBatchError.isInstance(late) && late.code).toBe("BATCH_LOCKED");
    expect((late as Error).message).toContain(batchId);
    // The new holder writes; the old one wrote nothing after losing the lock.
    expect(await second.settle(batchId, settledRecord("c1"))).toBe("recorded");
    expect((await second.read(batchId)).map((record) => record.t)).toEqual([
      "batch",
      "started",
      "settled",
    ]);
    await taken?.release();
    await first.close();
    await second.close();
  });

  it("should fail the next write of a holder whose lock connection died with BATCH_LOCKED, even before anyone took the lock", async () => {
    const journal = openJournal("tw-lock-alone");
    const batchId = `lock-alone-${crypto.randomUUID()}`;
    const lock = await journal.lock(batchId, "holder");
    await journal.append(batchId, [batchRecord(batchId)]);
    expect(await terminate("tw-lock-alone", HOLDS_ADVISORY_LOCK)).toBe(1);
    let late: unknown;
    for (let attempt = 0; attempt < 100 && late === undefined; attempt++) {
      // The client learns of the dead connection when its socket closes, a moment later.
      late = await journal.append(batchId, [startedRecord("c1")]).then(
        async () => {
          await new Promise((resolve) => setTimeout(resolve, 25));
          return undefined;
        },
        (error: unknown) => error,
      );
    }
    expect(ToolBatchError.isInstance(late) && late.code).toBe("BATCH_LOCKED");
    await lock.release();
    await journal.close();
  });
});
