import {
  appendFile,
  mkdtemp,
  open,
  readdir,
  readFile,
  rm,
  stat,
  utimes,
  writeFile,
} from "node:fs/promises";
import { tmpdir, uptime } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { JournalRecord, SettledRecord } from "../journal/journal-record";
import { ToolBatchError } from "../model/tool-batch-error";
import { createJournalContractCases } from "../testing/journal-contract-cases";
import { createFileJournal } from "./create-file-journal";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "toolwright-file-journal-"));
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
  calls: [
    { type: "toolCall", id: "c1", name: "echo", arguments: {} },
    { type: "toolCall", id: "c2", name: "echo", arguments: {} },
  ],
});
const started = (callId: string): JournalRecord => ({
  t: "started",
  callId,
  attempt: 1,
  replay: "never",
  at,
});
const settled = (callId: string, text = "ok"): SettledRecord => ({
  t: "settled",
  callId,
  at,
  outcome: { result: { content: [{ type: "text", text }] }, isError: false },
});

async function freshDir(): Promise<string> {
  return mkdtemp(join(root, "dir-"));
}

async function rejection(promise: Promise<unknown>): Promise<ToolBatchError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(ToolBatchError.isInstance(error)).toBe(true);
  return error as ToolBatchError;
}

/** Counts fdatasync and fsync calls of every FileHandle from now until the spies are restored. */
async function countFileSyncs(): Promise<{ datasync: () => number; fsync: () => number }> {
  const probe = await open(root, "r");
  const prototype = Object.getPrototypeOf(probe);
  await probe.close();
  const datasync = vi.spyOn(prototype, "datasync");
  const fsync = vi.spyOn(prototype, "sync");
  return { datasync: () => datasync.mock.calls.length, fsync: () => fsync.mock.calls.length };
}

describe("createFileJournal", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe("the journal contract", () => {
    let dir = "";
    beforeAll(async () => {
      dir = await freshDir();
    });
    for (const contractCase of createJournalContractCases({
      open: () => createFileJournal({ dir, retainCompleted: true }),
      sharedStore: true,
    })) {
      it(contractCase.name, () => contractCase.run());
    }
  });

  it("should write one JSON line per record, the batch record first", async () => {
    const dir = await freshDir();
    const journal = createFileJournal({ dir });
    const lock = await journal.lock("b1", "test");
    await journal.append("b1", [batch("b1"), started("c1")]);
    await journal.settle("b1", settled("c1"));
    const lines = (await readFile(join(dir, "b1.jsonl"), "utf8")).split("\n");
    expect(lines.map((line) => (line === "" ? "" : JSON.parse(line).t))).toEqual([
      "batch",
      "started",
      "settled",
      "",
    ]);
    await lock.release();
    await journal.close();
  });

  it("should delete a completed batch's files by default, and keep them with retainCompleted", async () => {
    for (const retainCompleted of [false, true]) {
      const dir = await freshDir();
      const journal = createFileJournal({ dir, retainCompleted });
      const lock = await journal.lock("b1", "test");
      await journal.append("b1", [batch("b1")]);
      await journal.decide("b1", {
        t: "decision",
        callId: "c1",
        approvalId: "a1",
        decision: "deny",
        at,
      });
      await journal.append("b1", [settled("c1"), settled("c2"), { t: "completed", at }]);
      await lock.release();
      const files = await readdir(dir);
      expect(files.sort()).toEqual(retainCompleted ? ["b1.decisions.jsonl", "b1.jsonl"] : []);
      expect((await journal.read("b1")).length).toBe(retainCompleted ? 5 : 0);
      await journal.close();
    }
  });

  it("should ignore a torn last line when reading, and cut it off when the batch is next locked", async () => {
    for (const torn of [
      '{"t":"started","callId":"c2","attempt":1,',
      '{"t":"sett',
      "\u0000\u0000\u0000\u0000",
    ]) {
      const dir = await freshDir();
      const journal = createFileJournal({ dir });
      const file = join(dir, "b1.jsonl");
      const first = await journal.lock("b1", "test");
      await journal.append("b1", [batch("b1"), started("c1")]);
      await first.release();
      const intact = (await stat(file)).size;
      await appendFile(file, torn);
      expect(await journal.read("b1")).toEqual([batch("b1"), started("c1")]);
      const second = await journal.lock("b1", "test");
      expect((await stat(file)).size).toBe(intact);
      await journal.settle("b1", settled("c1"));
      expect(await journal.read("b1")).toEqual([batch("b1"), started("c1"), settled("c1")]);
      await second.release();
      await journal.close();
    }
  });

  it("should reject a bad line before the last with JOURNAL_CORRUPT naming the file and line", async () => {
    const cases: [string, (lines: string[]) => string[], number][] = [
      ["garbage in the middle", (lines) => [lines[0]!, "not json at all", ...lines.slice(1)], 2],
      [
        "an unknown record type",
        (lines) => [lines[0]!, '{"t":"bogus","at":"x"}', ...lines.slice(1)],
        2,
      ],
      ["a first line that is not the batch record", (lines) => lines.slice(1), 1],
      ["a second batch record", (lines) => [...lines.slice(0, 2), lines[0]!, ...lines.slice(2)], 3],
    ];
    for (const [what, edit, line] of cases) {
      const dir = await freshDir();
      const journal = createFileJournal({ dir });
      const file = join(dir, "b1.jsonl");
      const lock = await journal.lock("b1", "test");
      await journal.append("b1", [batch("b1"), started("c1"), settled("c1")]);
      await lock.release();
      const lines = (await readFile(file, "utf8")).split("\n").filter((text) => text !== "");
      await writeFile(file, `${edit(lines).join("\n")}\n`);
      // A corrupt lock() releases the lock again: the second attempt is no BATCH_LOCKED.
      for (const attempt of [
        () => journal.read("b1"),
        () => journal.lock("b1", "test"),
        () => journal.lock("b1", "again"),
      ]) {
        const error = await rejection(attempt());
        expect(error.code, what).toBe("JOURNAL_CORRUPT");
        expect(error.message, what).toContain(`${file} is corrupt at line ${line}`);
      }
      // Listed as open, so that recovery reports it instead of it vanishing.
      expect(await journal.listOpen()).toEqual(["b1"]);
      await journal.close();
    }
  });

  it("should refuse an append or settle without the batch's lock, with BATCH_LOCKED", async () => {
    const dir = await freshDir();
    const journal = createFileJournal({ dir });
    expect((await rejection(journal.append("b1", [batch("b1")]))).code).toBe("BATCH_LOCKED");
    const lock = await journal.lock("b1", "test");
    await journal.append("b1", [batch("b1")]);
    await lock.release();
    expect((await rejection(journal.settle("b1", settled("c1")))).code).toBe("BATCH_LOCKED");
    expect(await journal.read("b1")).toEqual([batch("b1")]);
    await journal.close();
  });

  it("should store an outcome over maxRecordBytes with its text cut, and refuse any other oversized record", async () => {
    const dir = await freshDir();
    const journal = createFileJournal({ dir, maxRecordBytes: 4096 });
    const lock = await journal.lock("b1", "test");
    await journal.append("b1", [batch("b1")]);
    const big: SettledRecord = {
      ...settled("c1", "é".repeat(10_000)),
      outcome: {
        result: {
          content: [
            { type: "text", text: "x".repeat(5_000) },
            { type: "text", text: "é".repeat(10_000) },
          ],
          details: { big: "d".repeat(3_000) },
        },
        isError: false,
      },
    };
    expect(await journal.settle("b1", big)).toBe("recorded");
    const lines = (await readFile(join(dir, "b1.jsonl"), "utf8")).split("\n");
    expect(Buffer.byteLength(`${lines[1]}\n`)).toBeLessThanOrEqual(4096);
    const [, stored] = (await journal.read("b1")) as [JournalRecord, SettledRecord];
    expect(stored.truncatedRecord).toBe(true);
    const texts = stored.outcome.result.content.map((part) =>
      part.type === "text" ? part.text : "",
    );
    expect(texts[0]).toMatch(/^x+\n\[cut: the journal record size limit\]$/);
    expect(texts[1]).toMatch(/^é+\n\[cut: the journal record size limit\]$/);
    const tooBigCall = { ...started("c2"), dispatchKey: "k".repeat(5_000) } as JournalRecord;
    const error = await rejection(journal.append("b1", [tooBigCall]));
    expect(error.code).toBe("INVALID_ARGUMENT");
    expect(error.message).toContain("over the journal's maxRecordBytes (4096)");
    expect((await journal.read("b1")).length).toBe(2);
    await lock.release();
    await journal.close();
  });

  it("should refuse invalid options with INVALID_ARGUMENT naming the option", () => {
    const attempts: [unknown, string][] = [
      [{ dir: "" }, "dir"],
      [{ dir: root, sync: "always" }, "sync"],
      [{ dir: root, maxRecordBytes: 10 }, "maxRecordBytes"],
      [{ dir: root, retainCompleted: "yes" }, "retainCompleted"],
    ];
    for (const [options, name] of attempts) {
      expect(() => createFileJournal(options as never)).toThrow(
        new RegExp(`createFileJournal: ${name}`),
      );
    }
  });

  describe("durable points", () => {
    it("should take and release a lock without any fdatasync or fsync", async () => {
      const journal = createFileJournal({ dir: await freshDir() });
      const syncs = await countFileSyncs();
      const lock = await journal.lock("b1", "test");
      await lock.release();
      expect([syncs.datasync(), syncs.fsync()]).toEqual([0, 0]);
      await journal.close();
    });

    it("should write a completed record alone without a sync, deleted or kept", async () => {
      for (const retainCompleted of [false, true]) {
        const dir = await freshDir();
        const journal = createFileJournal({ dir, retainCompleted });
        const lock = await journal.lock("b1", "test");
        await journal.append("b1", [batch("b1"), started("c1")]);
        await journal.settle("b1", settled("c1"));
        const syncs = await countFileSyncs();
        await journal.append("b1", [{ t: "completed", at }]);
        expect(syncs.datasync()).toBe(0);
        vi.restoreAllMocks();
        const files = (await readdir(dir)).filter((name) => !name.endsWith(".lock"));
        expect(files).toEqual(retainCompleted ? ["b1.jsonl"] : []);
        if (retainCompleted)
          expect((await journal.read("b1")).map((record) => record.t)).toContain("completed");
        expect(await journal.listOpen()).toEqual([]);
        await lock.release();
        await journal.close();
      }
    });

    it("should share folder fsyncs among batches whose files are created at once", async () => {
      const journal = createFileJournal({ dir: await freshDir() });
      const batchIds = Array.from({ length: 12 }, (_, index) => `b${index}`);
      const locks = await Promise.all(batchIds.map((batchId) => journal.lock(batchId, "test")));
      const syncs = await countFileSyncs();
      await Promise.all(batchIds.map((batchId) => journal.append(batchId, [batch(batchId)])));
      // One fsync for the first file, at most one more for every file created while it ran.
      expect(syncs.fsync()).toBeLessThanOrEqual(2);
      expect(syncs.datasync()).toBe(12);
      vi.restoreAllMocks();
      for (const batchId of batchIds) expect((await journal.read(batchId)).length).toBe(1);
      await Promise.all(locks.map((lock) => lock.release()));
      await journal.close();
    });

    it("should take over a lock file written before this machine booted, even an unreadable one", async () => {
      const dir = await freshDir();
      const beforeBoot = new Date(Date.now() - uptime() * 1000 - 60_000);
      // What a power loss can leave: the lock's folder entry made it to disk, its content did not.
      await writeFile(join(dir, "b1.lock"), "");
      await utimes(join(dir, "b1.lock"), beforeBoot, beforeBoot);
      // A readable one whose pid now belongs to a live process (this one).
      const content = {
        pid: process.pid,
        hostname: (await import("node:os")).hostname(),
        startedAt: at,
        owner: "old",
        token: "t",
      };
      await writeFile(join(dir, "b2.lock"), JSON.stringify(content));
      await utimes(join(dir, "b2.lock"), beforeBoot, beforeBoot);
      const journal = createFileJournal({ dir });
      const first = await journal.lock("b1", "after the reboot");
      const second = await journal.lock("b2", "after the reboot");
      await first.release();
      await second.release();
      await journal.close();
      // An unreadable lock of this boot is still refused: only a person or a program wrote it.
      await writeFile(join(dir, "b3.lock"), "");
      const other = createFileJournal({ dir });
      const refused = await rejection(other.lock("b3", "test"));
      expect(refused.code).toBe("BATCH_LOCKED");
      expect(refused.message).toContain("unreadable lock file");
      await other.close();
    });
  });
});
