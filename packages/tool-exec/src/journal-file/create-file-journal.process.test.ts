// The file journal's lock between real processes: a child on the built package holds or contends
// for a batch, and is killed with SIGKILL so that its lock file is left behind with a dead pid.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ToolBatchError } from "../model/tool-batch-error";
import { createFileJournal } from "./create-file-journal";

const fixture = fileURLToPath(new URL("./__fixtures__/lock-holder.mjs", import.meta.url));
const builtEntry = fileURLToPath(new URL("../../dist/node.js", import.meta.url));

let root: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  if (!existsSync(builtEntry))
    throw new Error(`${builtEntry} is missing: build the package first (pnpm build)`);
  root = await mkdtemp(join(tmpdir(), "toolwright-lock-"));
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Starts a lock holder; resolves with its first line of output ("locked <pid>" / "refused <code>"). */
function startHolder(dir: string, batchId: string): { child: ChildProcess; line: Promise<string> } {
  const child = spawn(process.execPath, [fixture, dir, batchId], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  const line = new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (output.includes("\n")) resolve(output.slice(0, output.indexOf("\n")));
    });
    child.on("exit", (code) =>
      reject(new Error(`lock holder exited (${code}) before printing: ${output}`)),
    );
  });
  return { child, line };
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

describe("createFileJournal between processes", () => {
  it("should refuse a batch another live process holds, and take it over once that process is killed", async () => {
    const dir = await mkdtemp(join(root, "dir-"));
    const holder = startHolder(dir, "b1");
    expect(await holder.line).toBe(`locked ${holder.child.pid}`);

    const journal = createFileJournal({ dir });
    const refused = await journal.lock("b1", "parent").then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(ToolBatchError.isInstance(refused) && refused.code).toBe("BATCH_LOCKED");
    expect((refused as Error).message).toContain(`pid ${holder.child.pid}`);

    await killed(holder.child);
    const lock = await journal.lock("b1", "parent");
    const content = JSON.parse(await readFile(join(dir, "b1.lock"), "utf8"));
    expect(content).toMatchObject({ pid: process.pid, owner: "parent" });
    await lock.release();
    expect(existsSync(join(dir, "b1.lock"))).toBe(false);
    await journal.close();
  });

  it("should make another process's lock attempt fail with BATCH_LOCKED while this one holds the batch", async () => {
    const dir = await mkdtemp(join(root, "dir-"));
    const journal = createFileJournal({ dir });
    const lock = await journal.lock("b1", "parent");
    expect(await startHolder(dir, "b1").line).toBe("refused BATCH_LOCKED");
    await lock.release();
    const holder = startHolder(dir, "b1");
    expect(await holder.line).toBe(`locked ${holder.child.pid}`);
    await journal.close();
  });

  it("should let exactly one of several processes take over a dead process's lock", async () => {
    const dir = await mkdtemp(join(root, "dir-"));
    const first = startHolder(dir, "b1");
    await first.line;
    await killed(first.child);
    const contenders = Array.from({ length: 4 }, () => startHolder(dir, "b1"));
    const lines = await Promise.all(contenders.map((contender) => contender.line));
    expect(lines.filter((line) => line.startsWith("locked")).length).toBe(1);
    expect(lines.filter((line) => line === "refused BATCH_LOCKED").length).toBe(3);
    const winner = contenders[lines.findIndex((line) => line.startsWith("locked"))]!;
    expect(JSON.parse(await readFile(join(dir, "b1.lock"), "utf8")).pid).toBe(winner.child.pid);
  });
});
