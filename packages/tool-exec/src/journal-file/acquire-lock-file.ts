// A batch lock as a file, for processes of one machine. The lock file appears complete or not at
// all: its content is written to a private file first and then hard-linked into place, and `link`
// fails atomically when the lock exists. A lock whose process is dead (same host, `kill(pid, 0)`
// says ESRCH), or that was written before this machine last booted, is taken over. Only the one
// contender that creates `<lock>.takeover-<token>` (with `wx`) may delete a stale lock, and it
// deletes it only if the lock is still the one it judged stale, so a slow contender can never
// delete the fresh lock of the process that took over first.
//
// Nothing here is synced: a lock only means something while its process lives, and every process
// dies with the machine. A power loss can leave a lock file empty or missing (its content and its
// folder entry were never flushed); missing is free, and an unreadable lock written before the boot
// is stale like any other lock from before the boot. A lock costs no fdatasync.
import { randomUUID } from "node:crypto";
import { link, open, readFile, stat, unlink } from "node:fs/promises";
import { hostname, uptime } from "node:os";
import { ToolBatchError } from "../model/tool-batch-error";
import { fileJournalError } from "./file-journal-error";

/** What a lock file holds. */
export interface LockFileContent {
  readonly pid: number;
  readonly hostname: string;
  readonly startedAt: string;
  readonly owner: string;
  /** Unique per acquisition: tells this lock from a later one of the same process. */
  readonly token: string;
}

const MAX_ATTEMPTS = 50;

/** Creates the lock file at `path` for `owner`, taking over a dead holder's; returns its content. */
export async function acquireLockFile(
  path: string,
  owner: string,
  batchId: string,
): Promise<LockFileContent> {
  const content: LockFileContent = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    owner,
    token: randomUUID(),
  };
  const draft = `${path}.${content.token}.draft`;
  try {
    await writeNewFile(draft, JSON.stringify(content));
  } catch (error) {
    throw fileJournalError("write the lock file draft", draft, batchId, error);
  }
  try {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      try {
        await link(draft, path);
        return content;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const holder = await readLockFile(path);
      if (holder === "missing") continue;
      if (!(await isStale(path, holder))) throw lockedError(batchId, path, holder.content);
      await takeOver(path, holder);
    }
    throw new ToolBatchError(
      "BATCH_LOCKED",
      `Batch ${batchId} is locked: its lock file ${path} kept changing`,
    );
  } finally {
    await unlink(draft).catch(() => {});
  }
}

/** Deletes the lock file at `path` if it is still the one `content` describes. */
export async function releaseLockFile(path: string, content: LockFileContent): Promise<void> {
  const holder = await readLockFile(path);
  if (holder !== "missing" && holder.token === content.token) await unlink(path).catch(() => {});
}

async function takeOver(path: string, stale: ReadLock): Promise<void> {
  const claim = `${path}.takeover-${stale.token}`;
  try {
    await writeNewFile(claim, String(process.pid));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // Another contender is taking over; a claim left by a dead contender is cleared.
    const claimant = Number(await readFile(claim, "utf8").catch(() => "0"));
    if (claimant > 0 && !isProcessAlive(claimant)) await unlink(claim).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 5));
    return;
  }
  try {
    const current = await readLockFile(path);
    if (current !== "missing" && current.token === stale.token) await unlink(path);
  } finally {
    await unlink(claim).catch(() => {});
  }
}

/**
 * A lock file as read: its content (`"unreadable"` when it does not parse) and its token, which
 * tells one lock from a later one. An unreadable lock has no token of its own, so its inode and
 * change time stand in for it.
 */
interface ReadLock {
  readonly content: LockFileContent | "unreadable";
  readonly token: string;
}

async function readLockFile(path: string): Promise<ReadLock | "missing"> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "missing";
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockFileContent>;
    const valid =
      Number.isSafeInteger(parsed.pid) &&
      typeof parsed.hostname === "string" &&
      typeof parsed.token === "string";
    if (valid) return { content: parsed as LockFileContent, token: parsed.token as string };
  } catch {
    // unreadable: below
  }
  const stats = await stat(path).catch(() => undefined);
  if (stats === undefined) return "missing";
  return { content: "unreadable", token: `unreadable-${stats.ino}-${stats.ctimeMs}` };
}

/**
 * Whether the holder cannot be alive: a dead process of this host, or a lock written before this
 * machine booted (its process died with the machine, and its pid may belong to another process
 * now). An unreadable lock of this boot is not stale: link makes a lock appear whole, so only a
 * person or another program wrote it.
 */
async function isStale(path: string, holder: ReadLock): Promise<boolean> {
  const { content } = holder;
  if (content !== "unreadable" && content.hostname !== hostname()) return false;
  if (content !== "unreadable" && !isProcessAlive(content.pid)) return true;
  const stats = await stat(path).catch(() => undefined);
  // A second of margin: uptime() is whole seconds on some systems.
  return stats !== undefined && stats.mtimeMs < Date.now() - uptime() * 1000 - 1000;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

function lockedError(
  batchId: string,
  path: string,
  holder: LockFileContent | "unreadable",
): ToolBatchError {
  const by =
    holder === "unreadable"
      ? `an unreadable lock file ${path} (delete it if no process holds the batch)`
      : `${holder.owner} (pid ${holder.pid} on ${holder.hostname}, since ${holder.startedAt})`;
  return new ToolBatchError("BATCH_LOCKED", `Batch ${batchId} is locked by ${by}`);
}

/** Writes a new file (`wx`, unsynced: see the header); one that could not be written whole is deleted again. */
async function writeNewFile(path: string, text: string): Promise<void> {
  const handle = await open(path, "wx");
  try {
    await handle.writeFile(text, "utf8");
  } catch (error) {
    await handle.close().catch(() => {});
    await unlink(path).catch(() => {});
    throw error;
  }
  await handle.close();
}
