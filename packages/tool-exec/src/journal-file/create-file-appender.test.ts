import { mkdtemp, open, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createFileAppender, type FileJournalSync } from "./create-file-appender";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "toolwright-appender-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Appends `count` lines at once and counts the fdatasync calls they cost. */
async function countSyncs(
  sync: FileJournalSync,
  count: number,
): Promise<{ syncs: number; text: string }> {
  vi.restoreAllMocks();
  const path = join(root, `${sync}-${count}.jsonl`);
  const handle = await open(path, "a");
  const datasync = vi.spyOn(Object.getPrototypeOf(handle), "datasync");
  const appender = createFileAppender(handle, sync);
  await Promise.all(
    Array.from({ length: count }, (_, index) => appender.append(`line ${index}\n`)),
  );
  const syncs = datasync.mock.calls.length;
  await appender.close();
  return { syncs, text: await readFile(path, "utf8") };
}

const expectedText = (count: number) =>
  Array.from({ length: count }, (_, index) => `line ${index}\n`).join("");

describe("createFileAppender", () => {
  it("should share one fdatasync among the appends of one tick (group commit), in issue order", async () => {
    const { syncs, text } = await countSyncs("group", 200);
    expect(syncs).toBe(1);
    expect(text).toBe(expectedText(200));
  });

  it("should sync every append on its own with sync: each, and never with sync: none", async () => {
    expect(await countSyncs("each", 20)).toEqual({ syncs: 20, text: expectedText(20) });
    expect(await countSyncs("none", 20)).toEqual({ syncs: 0, text: expectedText(20) });
  });

  it("should group the appends made while a sync is under way into the next one", async () => {
    const path = join(root, "rolling.jsonl");
    const handle = await open(path, "a");
    const datasync = vi.spyOn(Object.getPrototypeOf(handle), "datasync");
    const appender = createFileAppender(handle, "group");
    const first = appender.append("a\n");
    await Promise.resolve();
    await Promise.resolve();
    // The first group is being written; these three wait for it and then share one sync.
    const rest = ["b\n", "c\n", "d\n"].map((line) => appender.append(line));
    await Promise.all([first, ...rest]);
    expect(datasync.mock.calls.length).toBe(2);
    await appender.close();
    expect(await readFile(path, "utf8")).toBe("a\nb\nc\nd\n");
  });

  it("should reject every later append after a failed write", async () => {
    const path = join(root, "failing.jsonl");
    const handle = await open(path, "a");
    vi.spyOn(handle, "datasync").mockRejectedValueOnce(
      Object.assign(new Error("EIO"), { code: "EIO" }),
    );
    const appender = createFileAppender(handle, "group");
    await expect(appender.append("a\n")).rejects.toThrow("EIO");
    await expect(appender.append("b\n")).rejects.toThrow("EIO");
    await appender.close();
  });
});
