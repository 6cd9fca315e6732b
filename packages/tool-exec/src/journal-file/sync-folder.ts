// fsyncs a folder so that files created in it survive a crash (their entries are durable). Many
// batches create their files at once, and one fsync of the folder makes every entry made before it
// durable, so the syncs are shared: a request joins the next fsync to start (never one already
// under way, which may have begun before the caller's file existed), and while one runs, every
// request made meanwhile waits for the single one after it.
import { open } from "node:fs/promises";

/** Shares fsyncs of one folder among concurrent callers; see the file header. */
export interface FolderSyncer {
  /** Resolves once an fsync of the folder that started after this call has finished. */
  sync(): Promise<void>;
}

/** A {@link FolderSyncer} for the folder at `path`. */
export function createFolderSyncer(path: string): FolderSyncer {
  let waiting: { resolve(): void; reject(error: unknown): void }[] = [];
  let running = false;

  async function run(): Promise<void> {
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      try {
        await syncFolder(path);
        for (const entry of group) entry.resolve();
      } catch (error) {
        for (const entry of group) entry.reject(error);
      }
    }
    running = false;
  }

  return {
    sync() {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ resolve, reject });
        if (!running) {
          running = true;
          void run();
        }
      });
    },
  };
}

/** fsyncs the folder at `path` once. */
export async function syncFolder(path: string): Promise<void> {
  const handle = await open(path, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
