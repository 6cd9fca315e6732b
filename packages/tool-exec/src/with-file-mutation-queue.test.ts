import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDeferred } from "./test-support";
import { withFileMutationQueue } from "./with-file-mutation-queue";

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), "tool-exec-queue-"));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** Appends `line` with a read-modify-write that yields between the read and the write. */
async function appendLine(path: string, line: string, between: Promise<void>): Promise<void> {
  const before = await readFile(path, "utf8").catch(() => "");
  await between;
  await writeFile(path, `${before}${line}\n`);
}

/**
 * Lets file-system callbacks run (realpath, readFile) until `condition` holds; fails after many
 * event-loop turns instead of hanging. No timers: ordering comes from the gates, not from time.
 */
async function turnUntil(condition: () => boolean): Promise<void> {
  for (let turn = 0; turn < 10_000; turn++) {
    if (condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error("condition never held");
}

describe("withFileMutationQueue", () => {
  it("should serialise read-modify-write windows on one file so no edit is lost", async () => {
    const path = join(directory, "notes.txt");
    await writeFile(path, "");
    const firstGate = createDeferred();
    let firstStarted = false;
    const first = withFileMutationQueue(path, () => {
      firstStarted = true;
      return appendLine(path, "one", firstGate.promise);
    });
    let secondStarted = false;
    const second = withFileMutationQueue(path, () => {
      secondStarted = true;
      return appendLine(path, "two", Promise.resolve());
    });
    await turnUntil(() => firstStarted);
    expect(secondStarted).toBe(false);
    firstGate.resolve();
    await Promise.all([first, second]);
    expect(await readFile(path, "utf8")).toBe("one\ntwo\n");
  });

  it("should treat a symlink, a relative path and the real path as one file", async () => {
    const path = join(directory, "real.txt");
    const link = join(directory, "link.txt");
    await writeFile(path, "");
    await symlink(path, link);
    const gate = createDeferred();
    const order: string[] = [];
    const viaLink = withFileMutationQueue(link, async () => {
      order.push("link:start");
      await gate.promise;
      order.push("link:end");
    });
    const viaRelative = withFileMutationQueue(relative(process.cwd(), path), () => {
      order.push("relative");
    });
    await turnUntil(() => order.length > 0);
    expect(order).toEqual(["link:start"]);
    gate.resolve();
    await Promise.all([viaLink, viaRelative]);
    expect(order).toEqual(["link:start", "link:end", "relative"]);
  });

  it("should queue a file that does not exist yet, also through a symlinked folder", async () => {
    const realFolder = join(directory, "real");
    const linkedFolder = join(directory, "linked");
    await mkdir(realFolder);
    await symlink(realFolder, linkedFolder);
    const gate = createDeferred();
    const order: string[] = [];
    const create = withFileMutationQueue(join(linkedFolder, "new", "file.txt"), async () => {
      order.push("create:start");
      await gate.promise;
      order.push("create:end");
    });
    const edit = withFileMutationQueue(join(realFolder, "new", "file.txt"), () => {
      order.push("edit");
    });
    await turnUntil(() => order.length > 0);
    expect(order).toEqual(["create:start"]);
    gate.resolve();
    await Promise.all([create, edit]);
    expect(order).toEqual(["create:start", "create:end", "edit"]);
  });

  it("should run different files concurrently", async () => {
    const gate = createDeferred();
    const order: string[] = [];
    const first = withFileMutationQueue(join(directory, "a.txt"), async () => {
      order.push("a:start");
      await gate.promise;
      order.push("a:end");
    });
    const second = withFileMutationQueue(join(directory, "b.txt"), () => {
      order.push("b");
    });
    await turnUntil(() => order.includes("b"));
    expect(order).toEqual(["a:start", "b"]);
    gate.resolve();
    await Promise.all([first, second]);
  });

  it("should release the next waiter when fn fails and pass the error through", async () => {
    const path = join(directory, "c.txt");
    const failing = withFileMutationQueue(path, () => {
      throw new Error("write failed");
    });
    const next = withFileMutationQueue(path, () => "ran");
    await expect(failing).rejects.toThrow("write failed");
    await expect(next).resolves.toBe("ran");
  });

  it("should return fn's value", async () => {
    await expect(withFileMutationQueue(join(directory, "d.txt"), async () => 42)).resolves.toBe(42);
  });
});
