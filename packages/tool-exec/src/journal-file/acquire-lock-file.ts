// A batch lock as a file, for processes of one machine. The lock file appears complete or not at
// all: its content is written to a private file first and then hard-linked into place, and `link`
// fails atomically when the lock exists. A lock whose process is dead (same host, `kill(pid, 0)`
// says ESRCH) is taken over. Only the one contender that creates `<lock>.takeover-<token>` (with
// `wx`) may delete a stale lock, and it deletes it only if the lock still carries that token, so a
// slow contender can never delete the fresh lock of the process that took over first.
import { randomUUID } from "node:crypto";
import { link, open, readFile, unlink } from "node:fs/promises";
import { hostname } from "node:os";
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
    await writeFileDurably(draft, JSON.stringify(content), "wx");
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
      if (holder === "unreadable" || !isStale(holder)) throw lockedError(batchId, path, holder);
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
  if (typeof holder === "object" && holder.token === content.token)
    await unlink(path).catch(() => {});
}

async function takeOver(path: string, stale: LockFileContent): Promise<void> {
  const claim = `${path}.takeover-${stale.token}`;
  try {
    await writeFileDurably(claim, String(process.pid), "wx");
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
    if (typeof current === "object" && current.token === stale.token) await unlink(path);
  } finally {
    await unlink(claim).catch(() => {});
  }
}

async function readLockFile(path: string): Promise<LockFileContent | "missing" | "unreadable"> {
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
    return valid ? (parsed as LockFileContent) : "unreadable";
  } catch {
    return "unreadable";
  }
}

function isStale(holder: LockFileContent): boolean {
  return holder.hostname === hostname() && !isProcessAlive(holder.pid);
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

/** Writes a new file and syncs it; a file that could not be written whole is deleted again. */
async function writeFileDurably(path: string, text: string, flags: string): Promise<void> {
  const handle = await open(path, flags);
  try {
    await handle.writeFile(text, "utf8");
    await handle.datasync();
  } catch (error) {
    await handle.close().catch(() => {});
    await unlink(path).catch(() => {});
    throw error;
  }
  await handle.close();
}
