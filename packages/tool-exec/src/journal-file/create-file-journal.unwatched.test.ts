// The file journal's listings where the folder cannot be watched (fs.watch fails, as it does when
// the inotify watch limit is reached): each listing compares the files' sizes instead.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { JournalRecord } from "../journal/journal-record";
import { createFileJournal } from "./create-file-journal";

const watchCalls: string[] = [];
vi.mock("node:fs", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs")>();
  return {
    ...actual,
    watch: (path: string) => {
      watchCalls.push(path);
      throw Object.assign(new Error("ENOSPC: System limit for number of file watchers reached"), {
        code: "ENOSPC",
      });
    },
  };
});

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "toolwright-unwatched-"));
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

describe("createFileJournal's listings without a watcher", () => {
  it("should see another journal's writes and decisions by comparing file sizes", async () => {
    const dir = await mkdtemp(join(root, "dir-"));
    const writer = createFileJournal({ dir, sync: "none" });
    const reader = createFileJournal({ dir, sync: "none" });
    expect((await reader.listBatches()).batches).toEqual([]);
    expect(watchCalls).toEqual([dir]);
    const lock = await writer.lock("b1", "test");
    await writer.append("b1", [batch("b1"), { t: "approval", callId: "c1", approvalId: "a1", at }]);
    expect((await reader.listPendingApprovals()).approvals.map((entry) => entry.callId)).toEqual([
      "c1",
    ]);
    await writer.decide("b1", {
      t: "decision",
      callId: "c1",
      approvalId: "a1",
      decision: "approve",
      at,
    });
    expect((await reader.listPendingApprovals()).approvals).toEqual([]);
    const [summary] = (await reader.listBatches()).batches;
    expect(summary?.calls.map((call) => call.state)).toEqual(["decided"]);
    await lock.release();
    await Promise.all([writer.close(), reader.close()]);
  });
});
