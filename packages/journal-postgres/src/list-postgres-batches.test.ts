import { readJournalBatchQuery, type ToolCallJournal } from "@toolwright/tool-exec";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPostgresJournal } from "./create-postgres-journal";
import { buildBatchPageQuery } from "./list-postgres-batches";

const url = inject("postgresUrl");
const schemaName = `tw_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
const schema = `"${schemaName}"`;

/** Writes a batch record (and more) under the batch's lock, as the executor does. */
async function writeBatch(journal: ToolCallJournal, batchId: string, records: unknown[]) {
  const lock = await journal.lock(batchId, "test");
  await journal.append(batchId, records as never);
  await lock.release();
}

describe.skipIf(url === "")("the Postgres journal's listings", () => {
  let pool: pg.Pool;
  let journal: ToolCallJournal;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: url, max: 4 });
    journal = createPostgresJournal({ pool, schema: schemaName });
    await journal.listOpen();
  });

  afterAll(async () => {
    await journal.close();
    for (const name of [schemaName, `${schemaName}_v2`])
      await pool.query(`drop schema if exists "${name}" cascade`);
    await pool.end();
  });

  it("should list as failed a batch whose error result was written on its own (the one-statement path)", async () => {
    const batchId = `alone-${crypto.randomUUID()}`;
    const tool = `alone_${crypto.randomUUID().replaceAll("-", "")}`;
    const at = "2030-06-06T00:00:00.000Z";
    const lock = await journal.lock(batchId, "test");
    await journal.append(batchId, [
      {
        t: "batch",
        v: 1,
        batchId,
        at,
        mode: "parallel",
        calls: [{ type: "toolCall", id: "c1", name: tool, arguments: {} }],
      },
    ]);
    // Each alone in its group: the writes made while calls run, which take one statement.
    await journal.append(batchId, [
      { t: "started", callId: "c1", attempt: 1, replay: "never", at },
    ]);
    await journal.settle(batchId, {
      t: "settled",
      callId: "c1",
      at,
      outcome: { result: { content: [] }, isError: true, errorType: "tool_error" },
    });
    await journal.append(batchId, [{ t: "completed", at }]);
    await lock.release();
    const page = await journal.listBatches({ toolName: tool, state: "failed" });
    expect(page.batches.map((batch) => [batch.batchId, batch.state, batch.calls])).toEqual([
      [
        batchId,
        "failed",
        [{ callId: "c1", toolName: tool, state: "failed", attempts: 1, errorType: "tool_error" }],
      ],
    ]);
  });

  it("should list and filter batches whose records hold \\u0000, which PostgreSQL json cannot read", async () => {
    const batchId = `nul-${crypto.randomUUID()}`;
    const tool = `tool\u0000${crypto.randomUUID()}`;
    const at = "2030-05-05T00:00:00.000Z";
    await writeBatch(journal, batchId, [
      {
        t: "batch",
        v: 1,
        batchId,
        at,
        mode: "parallel",
        calls: [
          { type: "toolCall", id: "c1", name: tool, arguments: { text: "a\u0000b" } },
          { type: "toolCall", id: "c2", name: tool, arguments: {} },
        ],
      },
      { t: "started", callId: "c1", attempt: 1, replay: "never", at },
      {
        t: "settled",
        callId: "c1",
        at,
        outcome: {
          result: { content: [{ type: "text", text: "nul \u0000" }] },
          isError: true,
          errorType: "tool\u0000error",
        },
      },
      {
        t: "approval",
        callId: "c2",
        approvalId: "a2",
        at,
        reason: "why \u0000",
        args: { x: "\u0000" },
      },
    ]);
    const page = await journal.listBatches({ toolName: tool });
    expect(page.batches.map((batch) => [batch.batchId, batch.state])).toEqual([
      [batchId, "suspended"],
    ]);
    expect(page.batches[0]?.calls).toEqual([
      { callId: "c1", toolName: tool, state: "failed", attempts: 1, errorType: "tool\u0000error" },
      { callId: "c2", toolName: tool, state: "awaiting_approval", attempts: 0 },
    ]);
    const pending = await journal.listPendingApprovals({ limit: 500 });
    expect(pending.approvals.find((entry) => entry.batchId === batchId)).toMatchObject({
      toolName: tool,
      reason: "why \u0000",
      args: { x: "\u0000" },
      toolCall: { id: "c2", name: tool },
    });
  });

  it("should cut every page in the database: an index scan in time order, stopped by the limit", async () => {
    // Enough batches that the planner would rather sort than walk an index, if the index did not fit.
    await pool.query(
      `insert into ${schema}.batches (batch_id) select 'bulk-' || n from generate_series(1, 10000) n`,
    );
    await pool.query(
      `insert into ${schema}.records (batch_id, kind, record, record_at, tool_names)
       select 'bulk-' || n, 'batch', json_build_object('t', 'batch', 'v', 1, 'batchId', 'bulk-' || n,
           'at', at, 'mode', 'parallel', 'calls', json_build_array(json_build_object(
             'type', 'toolCall', 'id', 'c1', 'name', 'bulk_tool', 'arguments', json_build_object()))),
         at, array['bulk_tool']
       from generate_series(1, 10000) n,
         to_char(timestamp '2029-01-01' + n * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') at`,
    );
    await pool.query(`analyze ${schema}.records`);
    // (A state or tool filter is checked per batch; the planner may then hash its lookups.)
    const queries = [{}, { since: "2029-01-01T00:10:00.000Z", until: "2029-01-01T01:00:00.000Z" }];
    for (const query of queries) {
      const resolved = readJournalBatchQuery({ ...query, limit: 50 });
      const first = await journal.listBatches({ ...query, limit: 50 });
      const after = readJournalBatchQuery({ ...query, limit: 50, cursor: first.nextCursor });
      for (const page of [resolved, after]) {
        const { text, values } = buildBatchPageQuery(schema, page);
        const { rows } = await pool.query<{ "QUERY PLAN": string }>(`explain ${text}`, values);
        const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
        expect(plan).toMatch(/^Limit/);
        expect(plan).toMatch(/Index (Only )?Scan using records_batch_time/);
        expect(plan).not.toMatch(/Sort|Seq Scan on records/);
        if (page.after !== undefined)
          expect(plan).toMatch(/Index Cond: \(+ROW\(record_at, batch_id\) </);
      }
    }
  });

  it("should fill in the listing columns of rows written before they existed", async () => {
    const oldName = `${schemaName}_v2`;
    const fresh = createPostgresJournal({ pool, schema: oldName });
    await fresh.listOpen();
    await fresh.close();
    // Back to version 2: no listing columns, and rows inserted the way versions 1 and 2 wrote them.
    await pool.query(`
      alter table "${oldName}".records drop column record_at, drop column is_error,
        drop column tool_names, drop column listing;
      delete from "${oldName}".migrations where version = 3`);
    const batch = (batchId: string, at: string, args: string) =>
      `{"t":"batch","v":1,"batchId":"${batchId}","at":"${at}","mode":"parallel","calls":[{"type":"toolCall","id":"c1","name":"old_tool","arguments":${args}}]}`;
    const rows: [string, string, string | null, string][] = [
      ["old-a", "batch", null, batch("old-a", "2020-01-01T00:00:01.000Z", "{}")],
      [
        "old-a",
        "settled",
        "c1",
        '{"t":"settled","callId":"c1","at":"x","outcome":{"result":{"content":[]},"isError":true}}',
      ],
      ["old-a", "completed", null, '{"t":"completed","at":"x"}'],
      ["old-b", "batch", null, batch("old-b", "2020-01-01T00:00:02.000Z", '{"v":"\\u0000"}')],
    ];
    for (const batchId of ["old-a", "old-b"])
      await pool.query(`insert into "${oldName}".batches (batch_id) values ($1)`, [batchId]);
    await pool.query(
      `update "${oldName}".batches set completed_at = now() where batch_id = 'old-a'`,
    );
    for (const [batchId, kind, callId, record] of rows)
      await pool.query(
        `insert into "${oldName}".records (batch_id, kind, call_id, record) values ($1, $2, $3, $4::json)`,
        [batchId, kind, callId, record],
      );
    const upgraded = createPostgresJournal({ pool, schema: oldName });
    const page = await upgraded.listBatches({ toolName: "old_tool" });
    await upgraded.close();
    // old-b's json cannot be read by SQL: it is listed by its insert time (now, the newest),
    // with no tool names — and still summarised from its record.
    expect(page.batches.map((entry) => [entry.batchId, entry.state])).toEqual([
      ["old-a", "failed"],
    ]);
    const all = await createPostgresJournal({
      pool,
      schema: oldName,
      migrate: false,
    }).listBatches();
    expect(all.batches.map((entry) => entry.batchId)).toEqual(["old-b", "old-a"]);
    expect(all.batches[0]?.calls).toEqual([
      { callId: "c1", toolName: "old_tool", state: "pending", attempts: 0 },
    ]);
  });
});
