import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { ToolBatchError, type ToolCallJournal } from "@toolwright/tool-exec";
import { createJournalContractCases } from "@toolwright/tool-exec/testing";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { createPostgresJournal } from "./create-postgres-journal";

const url = inject("postgresUrl");
const schema = `tw_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
const pools: pg.Pool[] = [];
const children: ChildProcess[] = [];

function createPool(max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pools.push(pool);
  return pool;
}

/** A journal on its own pool, as another process would have; `close` ends the pool too. */
function openJournal(journalSchema = schema): ToolCallJournal {
  const pool = createPool();
  const journal = createPostgresJournal({ pool, schema: journalSchema });
  return {
    ...journal,
    async close() {
      await journal.close();
      await pool.end();
      pools.splice(pools.indexOf(pool), 1);
    },
  };
}

/** A pool that counts checkouts, statements and commits made through it. */
function countingPool(pool: pg.Pool) {
  const counts = { checkouts: 0, queries: 0, commits: 0 };
  return {
    counts,
    async connect() {
      counts.checkouts++;
      const client = await pool.connect();
      return {
        query: (text: string, values?: unknown[]) => {
          counts.queries++;
          if (text === "commit") counts.commits++;
          return client.query(text, values);
        },
        release: (error?: Error | boolean) => client.release(error),
        on: client.on.bind(client),
        off: client.off.bind(client),
      };
    },
  };
}

const at = "2026-12-01T14:00:00.000Z";
const batchRecord = (batchId: string) =>
  ({
    t: "batch",
    v: 1,
    batchId,
    at,
    mode: "parallel",
    calls: [{ type: "toolCall", id: "c1", name: "echo", arguments: {} }],
  }) as const;
const settledRecord = (text: string) =>
  ({
    t: "settled",
    callId: "c1",
    at,
    outcome: { result: { content: [{ type: "text", text }] }, isError: false },
  }) as const;

describe.skipIf(url === "")("createPostgresJournal", () => {
  let admin: pg.Pool;
  beforeAll(() => {
    admin = new pg.Pool({ connectionString: url, max: 2 });
  });
  afterEach(() => {
    for (const child of children.splice(0)) child.kill("SIGKILL");
  });
  afterAll(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.end()));
    const { rows } = await admin.query<{ nspname: string }>(
      "select nspname from pg_namespace where nspname like $1",
      [`${schema}%`],
    );
    for (const row of rows) await admin.query(`drop schema "${row.nspname}" cascade`);
    await admin.end();
  });

  describe("the journal contract", () => {
    for (const contractCase of createJournalContractCases({
      open: () => openJournal(),
      sharedStore: true,
    })) {
      it(contractCase.name, () => contractCase.run());
    }
  });

  it("should migrate once when many journals start at once on a fresh schema", async () => {
    const fresh = `${schema}_migrate`;
    const journals = Array.from({ length: 6 }, () => openJournal(fresh));
    const results = await Promise.all(journals.map((journal) => journal.listOpen()));
    expect(results).toEqual(journals.map(() => []));
    const { rows } = await admin.query(
      `select version from "${fresh}".migrations order by version`,
    );
    expect(rows).toEqual([{ version: 1 }, { version: 2 }]);
    const indexes = await admin.query<{ indexname: string }>(
      "select indexname from pg_indexes where schemaname = $1 order by indexname",
      [fresh],
    );
    expect(indexes.rows.map((row) => row.indexname)).toEqual(
      expect.arrayContaining(["records_decided_once", "records_settled_once"]),
    );
    await Promise.all(journals.map((journal) => journal.close()));
  });

  it("should settle a call exactly once when journals on separate connections race", async () => {
    const journals = Array.from({ length: 4 }, () => openJournal());
    for (let round = 0; round < 5; round++) {
      const batchId = `race-${round}-${crypto.randomUUID()}`;
      await journals[0]!.append(batchId, [batchRecord(batchId)]);
      const results = await Promise.all(
        journals.flatMap((journal, index) => [
          journal.settle(batchId, settledRecord(`journal ${index} a`)),
          journal.settle(batchId, settledRecord(`journal ${index} b`)),
        ]),
      );
      expect(results.filter((result) => result === "recorded")).toHaveLength(1);
      const { rows } = await admin.query(
        `select count(*)::int as settled from "${schema}".records where batch_id = $1 and kind = 'settled'`,
        [batchId],
      );
      expect(rows).toEqual([{ settled: 1 }]);
    }
    await Promise.all(journals.map((journal) => journal.close()));
  });

  it("should commit the writes of one tick in one transaction (group commit)", async () => {
    const counting = countingPool(createPool());
    const journal = createPostgresJournal({ pool: counting as never, schema });
    await journal.listOpen();
    const batchId = `group-${crypto.randomUUID()}`;
    await journal.append(batchId, [batchRecord(batchId)]);
    counting.counts.commits = 0;
    counting.counts.queries = 0;
    const calls = Array.from({ length: 100 }, (_, index) => `call-${index}`);
    await Promise.all(
      calls.map((callId) => journal.settle(batchId, { ...settledRecord(callId), callId })),
    );
    // Settles while calls run take one statement, its own transaction: one commit.
    expect(counting.counts).toMatchObject({ queries: 1, commits: 0 });
    const settled = (await journal.read(batchId)).filter((record) => record.t === "settled");
    expect(settled.map((record) => (record as { callId: string }).callId)).toEqual(calls);
    await journal.close();
  });

  it("should lock many batches at once with one statement on one connection", async () => {
    const counting = countingPool(createPool());
    const journal = createPostgresJournal({ pool: counting as never, schema });
    await journal.listOpen();
    const batchIds = Array.from({ length: 16 }, () => `many-${crypto.randomUUID()}`);
    counting.counts.checkouts = 0;
    counting.counts.queries = 0;
    const locks = await Promise.all(batchIds.map((batchId) => journal.lock(batchId, "test")));
    expect(counting.counts).toMatchObject({ checkouts: 1, queries: 1 });
    // Each is held: another journal is refused, and this one refuses a second lock.
    const other = openJournal();
    const refused = await other.lock(batchIds[0]!, "other").catch((error: unknown) => error);
    expect(ToolBatchError.isInstance(refused) && refused.code).toBe("BATCH_LOCKED");
    const again = await journal.lock(batchIds[1]!, "again").catch((error: unknown) => error);
    expect(ToolBatchError.isInstance(again) && again.code).toBe("BATCH_LOCKED");
    await Promise.all(locks.map((lock) => lock.release()));
    const taken = await other.lock(batchIds[0]!, "other");
    await taken.release();
    await other.close();
    await journal.close();
  });

  it("should write the records of many batches in one tick in a fixed number of statements", async () => {
    const counting = countingPool(createPool());
    const journal = createPostgresJournal({ pool: counting as never, schema });
    const batchIds = Array.from({ length: 16 }, () => `fixed-${crypto.randomUUID()}`);
    const locks = await Promise.all(batchIds.map((batchId) => journal.lock(batchId, "test")));
    await Promise.all(batchIds.map((batchId) => journal.append(batchId, [batchRecord(batchId)])));
    counting.counts.queries = 0;
    counting.counts.commits = 0;
    const written = await Promise.all(
      batchIds.map((batchId) => journal.settle(batchId, settledRecord(batchId))),
    );
    expect(written).toEqual(batchIds.map(() => "recorded"));
    // One statement checks every batch and inserts every record: no savepoint or check per write.
    expect(counting.counts).toMatchObject({ queries: 1, commits: 0 });
    counting.counts.queries = 0;
    // Completing takes the full path: begin, the state, the records, the batch rows, commit.
    await Promise.all(batchIds.map((batchId) => journal.append(batchId, [{ t: "completed", at }])));
    expect(counting.counts).toMatchObject({ queries: 5, commits: 1 });
    expect(await journal.listOpen()).not.toContain(batchIds[0]);
    await Promise.all(locks.map((lock) => lock.release()));
    await journal.close();
  });

  it("should fail only the write that breaks the order rule when a group holds several", async () => {
    const journal = openJournal();
    const open = `rule-open-${crypto.randomUUID()}`;
    const done = `rule-done-${crypto.randomUUID()}`;
    await journal.append(open, [batchRecord(open)]);
    await journal.append(done, [batchRecord(done), { t: "completed", at }]);
    const [late, fine, unknown] = await Promise.allSettled([
      journal.settle(done, settledRecord("late")),
      journal.settle(open, settledRecord("fine")),
      journal.append(`rule-none-${crypto.randomUUID()}`, [{ t: "completed", at }]),
    ]);
    expect(fine).toEqual({ status: "fulfilled", value: "recorded" });
    for (const refused of [late, unknown]) {
      expect(refused?.status).toBe("rejected");
      const reason = (refused as PromiseRejectedResult).reason;
      expect(ToolBatchError.isInstance(reason) && reason.code).toBe("INVALID_ARGUMENT");
    }
    // Writes made while calls run share one statement; when one batch of it fails the check,
    // the others are still written.
    const [lateStart, fineStart] = await Promise.allSettled([
      journal.append(done, [{ t: "started", callId: "c2", attempt: 1, replay: "never", at }]),
      journal.append(open, [{ t: "started", callId: "c2", attempt: 1, replay: "never", at }]),
    ]);
    expect(fineStart?.status).toBe("fulfilled");
    expect(lateStart?.status).toBe("rejected");
    expect((await journal.read(open)).map((record) => record.t)).toEqual([
      "batch",
      "settled",
      "started",
    ]);
    expect((await journal.read(done)).map((record) => record.t)).toEqual(["batch", "completed"]);
    await journal.close();
  });

  it("should free a batch's lock when the process holding it is killed", async () => {
    const batchId = `killed-${crypto.randomUUID()}`;
    const journal = openJournal();
    await journal.listOpen();
    const fixture = fileURLToPath(new URL("./__fixtures__/lock-holder.mjs", import.meta.url));
    const child = spawn(process.execPath, [fixture, url, schema, batchId], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    children.push(child);
    const line = await new Promise<string>((resolve, reject) => {
      child.stdout?.once("data", (chunk: Buffer) => resolve(chunk.toString("utf8").trim()));
      child.once("exit", (code) => reject(new Error(`lock holder exited with ${code}`)));
    });
    expect(line).toBe(`locked ${child.pid}`);
    const refused = await journal.lock(batchId, "parent").catch((error: unknown) => error);
    expect(ToolBatchError.isInstance(refused) && refused.code).toBe("BATCH_LOCKED");

    await new Promise((resolve) => {
      child.once("exit", resolve);
      child.kill("SIGKILL");
    });
    // The server ends the dead client's session as soon as it sees the socket close.
    let lock: Awaited<ReturnType<ToolCallJournal["lock"]>> | undefined;
    for (let attempt = 0; attempt < 100 && lock === undefined; attempt++) {
      lock = await journal.lock(batchId, "parent").catch(async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return undefined;
      });
    }
    expect(lock).toBeDefined();
    await lock?.release();
    await journal.close();
  });

  it("should refuse a schema that is not a plain identifier", () => {
    for (const bad of ["", "Toolwright", 'x"; drop table y; --', "a".repeat(64), "1abc"]) {
      expect(() => createPostgresJournal({ pool: createPool(1), schema: bad })).toThrow(
        /createPostgresJournal: schema must match/,
      );
    }
  });
});
