// Appends text to one open file with group commit: every append issued while a write is under way
// (or in the same tick as the first) goes into the next single write + fdatasync, so N concurrent
// records cost one sync instead of N. A lazy append (`durable: false`) is written in order with the
// others but asks for no sync of its own: it is synced only if a durable append shares its group.
// Only fs/promises: a sync call would stall the event loop for the whole flush (about 5 ms per
// fdatasync here).
import type { FileHandle } from "node:fs/promises";

/** How appends reach the disk: one fdatasync per group of appends, one per append, or none. */
export type FileJournalSync = "group" | "each" | "none";

interface PendingAppend {
  readonly bytes: Buffer;
  readonly durable: boolean;
  resolve(): void;
  reject(error: unknown): void;
}

/** Appends to a file; see the file header. */
export interface FileAppender {
  /**
   * Resolves once `text` is written (and synced, unless `sync` is `"none"` or `durable` is
   * `false`: then it survives this process crashing, but not the machine).
   */
  append(text: string, durable?: boolean): Promise<void>;
  /** Waits for pending appends, then closes the file. */
  close(): Promise<void>;
  /** Bytes of the file known written (and synced): all of it, unless a write failed. */
  size(): number;
}

/**
 * An appender over `handle` (opened for appending, holding `initialSize` bytes). `withFirstSync`,
 * when given, runs once beside the first synced write's fdatasync, and that write resolves only once
 * both have (the file journal syncs the folder of a new file there: the file's entry exists since
 * it was opened, so both flushes may run at once). After a failed write every later append rejects with that
 * failure, and the file is cut back to the bytes written before it (best effort: on a full disk
 * this frees what the failed write took, and leaves no partial line behind).
 */
export function createFileAppender(
  handle: FileHandle,
  sync: FileJournalSync,
  withFirstSync?: () => Promise<void>,
  initialSize = 0,
): FileAppender {
  let pending: PendingAppend[] = [];
  let flushing: Promise<void> | undefined;
  let failure: unknown;
  let firstSyncDone = withFirstSync === undefined;
  let goodSize = initialSize;

  async function writeGroup(group: readonly PendingAppend[]): Promise<void> {
    const bytes =
      group.length === 1 ? group[0]!.bytes : Buffer.concat(group.map((entry) => entry.bytes));
    let offset = 0;
    try {
      while (offset < bytes.length) {
        const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
        offset += bytesWritten;
      }
      if (sync !== "none" && group.some((entry) => entry.durable)) {
        if (firstSyncDone) await handle.datasync();
        else {
          await Promise.all([handle.datasync(), withFirstSync?.()]);
          firstSyncDone = true;
        }
      }
    } catch (error) {
      if (offset > 0) await handle.truncate(goodSize).catch(() => {});
      throw error;
    }
    goodSize += bytes.length;
  }

  async function flush(): Promise<void> {
    // Let every append of the current tick join the first group.
    await Promise.resolve();
    while (pending.length > 0) {
      const group = sync === "each" ? pending.splice(0, 1) : pending;
      if (sync !== "each") pending = [];
      try {
        if (failure !== undefined) throw failure;
        await writeGroup(group);
        for (const entry of group) entry.resolve();
      } catch (error) {
        failure ??= error;
        for (const entry of group) entry.reject(error);
      }
    }
    flushing = undefined;
  }

  return {
    append(text, durable = true) {
      if (failure !== undefined) return Promise.reject(failure);
      return new Promise<void>((resolve, reject) => {
        pending.push({ bytes: Buffer.from(text, "utf8"), durable, resolve, reject });
        flushing ??= flush();
      });
    },
    async close() {
      await flushing;
      await handle.close();
    },
    size: () => goodSize,
  };
}
