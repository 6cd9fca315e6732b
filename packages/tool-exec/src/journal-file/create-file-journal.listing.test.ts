import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JournalRecord } from "../journal/journal-record";
import type { ToolCallJournal } from "../journal/tool-call-journal";
import { createFileJournal } from "./create-file-journal";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "toolwright-file-listing-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const at = "2026-12-01T14:00:00.000Z";
const batch = (batchId: string): JournalRecord => ({
  t: "batch",
  v: 1,
  batchId,
  at,
  mode: "parallel",
  calls: [{ type: "toolCall", id: "c1", name: "echo", arguments: {} }],
});
const settled: JournalRecord = {
  t: "settled",
  callId: "c1",
  at,
  outcome: { result: { content: [{ type: "text", text: "ok" }] }, isError: false },
};

async function write(journal: ToolCallJournal, batchId: string, records: JournalRecord[]) {
  const lock = await journal.lock(batchId, "test");
  await journal.append(batchId, records);
  await lock.release();
}

const listedIds = async (journal: ToolCallJournal) =>
  (await journal.listBatches()).batches.map((summary) => summary.batchId);

describe("createFileJournal's listings", () => {
  it("should list a batch whose file is corrupt, with the problem, instead of hiding it", async () => {
    const dir = await mkdtemp(join(root, "corrupt-"));
    const journal = createFileJournal({ dir, sync: "none" });
    await write(journal, "good", [batch("good")]);
    await writeFile(
      join(dir, "bad.jsonl"),
      `${JSON.stringify(batch("bad"))}\nnot json\n${JSON.stringify(settled)}\n`,
    );
    const { batches } = await journal.listBatches();
    // The corrupt batch is listed by its file's time (now): newer than the good one.
    expect(batches.map((summary) => [summary.batchId, summary.state])).toEqual([
      ["bad", "open"],
      ["good", "open"],
    ]);
    expect(batches.find((summary) => summary.batchId === "bad")?.problem).toMatch(
      /bad\.jsonl is corrupt at line 2: not JSON/,
    );
    await journal.close();
  });

  it("should stop listing a completed batch whose files it deleted (the default)", async () => {
    const dir = await mkdtemp(join(root, "deleted-"));
    const journal = createFileJournal({ dir, sync: "none" });
    const lock = await journal.lock("b1", "test");
    await journal.append("b1", [batch("b1")]);
    expect(await listedIds(journal)).toEqual(["b1"]);
    await journal.append("b1", [settled, { t: "completed", at }]);
    await lock.release();
    expect(await listedIds(journal)).toEqual([]);
    await journal.close();
  });

  it("should keep completed batches for retainCompletedMs, then delete their files", async () => {
    const dir = await mkdtemp(join(root, "retained-"));
    const journal = createFileJournal({ dir, sync: "none", retainCompletedMs: 150 });
    const completedAt = () => new Date().toISOString();
    await write(journal, "b1", [batch("b1"), settled, { t: "completed", at: completedAt() }]);
    await write(journal, "b2", [batch("b2")]);
    expect((await listedIds(journal)).sort()).toEqual(["b1", "b2"]);
    expect((await readdir(dir)).filter((name) => name.endsWith(".jsonl")).sort()).toEqual([
      "b1.jsonl",
      "b2.jsonl",
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await listedIds(journal)).toEqual(["b2"]);
    expect((await readdir(dir)).filter((name) => name.endsWith(".jsonl"))).toEqual(["b2.jsonl"]);
    await journal.close();
  });

  it("should refuse a retention period that is negative or goes with retainCompleted: false", () => {
    expect(() => createFileJournal({ dir: root, retainCompletedMs: -1 })).toThrow(
      /retainCompletedMs must be an integer of at least 0/,
    );
    expect(() =>
      createFileJournal({ dir: root, retainCompleted: false, retainCompletedMs: 1000 }),
    ).toThrow(/cannot go with retainCompleted: false/);
  });
});
