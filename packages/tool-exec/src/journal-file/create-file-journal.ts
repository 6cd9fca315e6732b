import { mkdir, open, readdir, unlink } from "node:fs/promises";
import { join } from "node:path";
import {
  admitJournalRecords,
  createJournalBatchIndex,
  indexStoredRecord,
  type JournalBatchIndex,
} from "../journal/journal-batch-index";
import type { DecisionRecord, JournalRecord } from "../journal/journal-record";
import {
  readJournalApprovalQuery,
  readJournalBatchQuery,
} from "../journal/read-journal-listing-query";
import type { JournalWriteResult, ToolCallJournal } from "../journal/tool-call-journal";
import { checkJournalBatchId, validateJournalRecords } from "../journal/validate-journal-records";
import { ToolBatchError } from "../model/tool-batch-error";
import { acquireLockFile, type LockFileContent, releaseLockFile } from "./acquire-lock-file";
import { createCompletedBatchSweeper } from "./create-completed-batch-sweeper";
import { createFileAppender, type FileAppender } from "./create-file-appender";
import { createFileJournalListing } from "./create-file-journal-listing";
import { decideInFile } from "./decide-in-file";
import { fileJournalError } from "./file-journal-error";
import type { FileJournalOptions } from "./file-journal-options";
import { readDecisionsFile, readMainFile } from "./read-batch-files";
import { serializeRecordLine } from "./serialize-record-line";
import { createFolderSyncer } from "./sync-folder";
import { validateFileJournalOptions } from "./validate-file-journal-options";

/** A batch this journal holds the lock of: only the holder appends to its file. */
interface HeldBatch {
  readonly lock: LockFileContent;
  readonly index: JournalBatchIndex;
  appender: Promise<FileAppender> | undefined;
}

/**
 * A durable {@link ToolCallJournal} in a folder: `<batchId>.jsonl` per batch (one JSON record per
 * line, the `batch` record first), `<batchId>.decisions.jsonl` for decisions from any process, and
 * `<batchId>.lock` while a process holds the batch. A write resolves after `fdatasync`; appends of
 * one tick share it. A torn last line (a crash mid-write) is ignored and cut off when the batch is
 * next locked; a bad line before it rejects with `ToolBatchError` `JOURNAL_CORRUPT` naming the file
 * and line. A lock whose process died on this host is taken over. `append` and `settle` need the
 * batch's lock, held through this journal (`BATCH_LOCKED` otherwise); `decide` and `read` do not.
 */
export function createFileJournal(options: FileJournalOptions): ToolCallJournal {
  const { dir, sync, maxRecordBytes, retainCompleted, retainCompletedMs } =
    validateFileJournalOptions(options);
  const held = new Map<string, HeldBatch>();
  let closed = false;
  let folderReady: Promise<unknown> | undefined;
  const listing = createFileJournalListing(dir);
  const sweeper = createCompletedBatchSweeper(dir, retainCompletedMs, (batchId) =>
    listing.touch(batchId),
  );
  /** Runs a write, then tells the listings that the batch's files may have changed. */
  const touching = async <TResult>(batchId: string, write: () => Promise<TResult>) => {
    try {
      return await write();
    } finally {
      listing.touch(batchId);
    }
  };
  // One fsync of the folder makes the entries of every batch file created before it durable.
  const folder = createFolderSyncer(dir);

  const mainPath = (batchId: string) => join(dir, `${batchId}.jsonl`);
  const decisionsPath = (batchId: string) => join(dir, `${batchId}.decisions.jsonl`);
  const lockPath = (batchId: string) => join(dir, `${batchId}.lock`);

  async function ready(batchId?: string): Promise<void> {
    if (closed) throw new Error(`The file journal in ${dir} is closed`);
    if (batchId !== undefined) checkJournalBatchId(batchId);
    folderReady ??= mkdir(dir, { recursive: true });
    await folderReady;
  }

  function holding(batchId: string): HeldBatch {
    const batch = held.get(batchId);
    if (batch !== undefined) return batch;
    throw new ToolBatchError(
      "BATCH_LOCKED",
      `Batch ${batchId} is not locked by this file journal: only the lock holder appends (call lock() first)`,
    );
  }

  function appenderOf(batchId: string, batch: HeldBatch): Promise<FileAppender> {
    batch.appender ??= (async () => {
      const handle = await open(mainPath(batchId), "a");
      const size = (await handle.stat()).size;
      // A new file's folder entry must be durable too ("none" syncs nothing).
      const syncNewFolder = size === 0 && sync !== "none" ? () => folder.sync() : undefined;
      return createFileAppender(handle, sync, syncNewFolder, size);
    })();
    return batch.appender;
  }

  /** Writes records of a held batch; returns how many were not duplicates. */
  async function writeHeld(batchId: string, records: readonly JournalRecord[]): Promise<number> {
    const batch = holding(batchId);
    const lines = records.map((record) => serializeRecordLine(record, maxRecordBytes, batchId));
    const lineOf = new Map(records.map((record, position) => [record, lines[position]]));
    const admitted = admitJournalRecords(batch.index, batchId, records);
    if (admitted.length === 0) return 0;
    // `completed` alone is written lazily (see "What each write guarantees" in the README): if a
    // machine crash loses it, every call is settled, so recovery only reports the recorded results.
    const lazy = admitted.every((record) => record.t === "completed");
    const deleting = !retainCompleted && admitted.some((record) => record.t === "completed");
    if (!(lazy && deleting)) {
      try {
        const appender = await appenderOf(batchId, batch);
        await appender.append(admitted.map((record) => lineOf.get(record)).join(""), !lazy);
      } catch (error) {
        throw fileJournalError("append to", mainPath(batchId), batchId, error);
      }
    }
    if (deleting) await deleteBatchFiles(batchId, batch);
    else if (admitted.some((record) => record.t === "completed")) void sweeper.sweep();
    return admitted.length;
  }

  async function deleteBatchFiles(batchId: string, batch: HeldBatch): Promise<void> {
    const appender = batch.appender;
    batch.appender = Promise.reject(
      new ToolBatchError(
        "INVALID_ARGUMENT",
        `Batch ${batchId} is completed; its files are deleted`,
      ),
    );
    batch.appender.catch(() => {});
    await (await appender)?.close();
    await Promise.all([unlink(mainPath(batchId)), unlink(decisionsPath(batchId)).catch(() => {})]);
  }

  async function decide(batchId: string, record: DecisionRecord): Promise<JournalWriteResult> {
    const batch = held.get(batchId);
    const index = batch?.index ?? (await indexFromDisk(batchId));
    if (!index.exists || index.completed) {
      throw new ToolBatchError(
        "INVALID_ARGUMENT",
        `Cannot record a decision for batch ${batchId}: ${index.exists ? "it is completed" : "unknown batch"}`,
      );
    }
    return decideInFile(decisionsPath(batchId), record, sync, () => folder.sync()).catch(
      (error: unknown) => {
        throw fileJournalError("append a decision to", decisionsPath(batchId), batchId, error);
      },
    );
  }

  async function indexFromDisk(batchId: string): Promise<JournalBatchIndex> {
    const index = createJournalBatchIndex();
    for (const record of (await readMainFile(mainPath(batchId)))?.records ?? [])
      indexStoredRecord(index, record);
    return index;
  }

  async function release(batchId: string, batch: HeldBatch): Promise<void> {
    if (held.get(batchId) !== batch) return;
    held.delete(batchId);
    try {
      const appender = await batch.appender?.catch(() => undefined);
      await appender?.close();
      // A batch whose first write failed (a full disk) leaves no empty file behind.
      if (appender?.size() === 0) await unlink(mainPath(batchId)).catch(() => {});
    } finally {
      await releaseLockFile(lockPath(batchId), batch.lock);
    }
  }

  return {
    async append(batchId, records) {
      await ready(batchId);
      const copies = validateJournalRecords(batchId, records);
      const others = copies.filter((record) => record.t !== "decision");
      await touching(batchId, async () => {
        if (others.length > 0) await writeHeld(batchId, others);
        for (const record of copies) if (record.t === "decision") await decide(batchId, record);
      });
    },
    async settle(batchId, record) {
      await ready(batchId);
      const [copy] = validateJournalRecords(batchId, [record]);
      const written = await touching(batchId, () => writeHeld(batchId, [copy!]));
      return written === 1 ? "recorded" : "duplicate";
    },
    async decide(batchId, record) {
      await ready(batchId);
      const [copy] = validateJournalRecords(batchId, [record]);
      return touching(batchId, () => decide(batchId, copy as DecisionRecord));
    },
    async read(batchId) {
      await ready(batchId);
      const main = await readMainFile(mainPath(batchId));
      if (main === undefined || main.records.length === 0) return [];
      const decisions = await readDecisionsFile(decisionsPath(batchId));
      return [...main.records, ...decisions.map((stored) => stored.record)];
    },
    async listOpen() {
      await ready();
      const names = await readdir(dir);
      const open: string[] = [];
      for (const name of names) {
        if (!name.endsWith(".jsonl") || name.endsWith(".decisions.jsonl")) continue;
        const batchId = name.slice(0, -".jsonl".length);
        // A corrupt batch is listed: recovering it reports the corruption, instead of hiding it here.
        const records = await readMainFile(join(dir, name)).then(
          (main) => main?.records ?? [],
          (error: unknown) =>
            ToolBatchError.isInstance(error) ? "corrupt" : Promise.reject(error),
        );
        const isOpen =
          records === "corrupt" ||
          (records.length > 0 && !records.some((record) => record.t === "completed"));
        if (isOpen) open.push(batchId);
      }
      return open;
    },
    async listBatches(query) {
      const resolved = readJournalBatchQuery(query);
      await ready();
      await sweeper.sweep();
      return listing.listBatches(resolved);
    },
    async listPendingApprovals(query) {
      const resolved = readJournalApprovalQuery(query);
      await ready();
      return listing.listPendingApprovals(resolved);
    },
    async lock(batchId, owner) {
      await ready(batchId);
      const holder = held.get(batchId);
      if (holder !== undefined) {
        throw new ToolBatchError(
          "BATCH_LOCKED",
          `Batch ${batchId} is locked by ${holder.lock.owner} (this journal)`,
        );
      }
      const lock = await acquireLockFile(lockPath(batchId), owner, batchId);
      try {
        const index = createJournalBatchIndex();
        const main = await readMainFile(mainPath(batchId));
        for (const record of main?.records ?? []) indexStoredRecord(index, record);
        if (main !== undefined && main.validBytes === 0) await unlink(mainPath(batchId));
        else if (main !== undefined && main.validBytes < main.size)
          await cutTornTail(mainPath(batchId), main.validBytes);
        const batch: HeldBatch = { lock, index, appender: undefined };
        held.set(batchId, batch);
        return { release: () => release(batchId, batch) };
      } catch (error) {
        await releaseLockFile(lockPath(batchId), lock);
        throw error;
      }
    },
    async close() {
      closed = true;
      listing.close();
      await sweeper.settled();
      await Promise.all([...held].map(([batchId, batch]) => release(batchId, batch)));
    },
  };
}

async function cutTornTail(path: string, validBytes: number): Promise<void> {
  const handle = await open(path, "r+");
  try {
    await handle.truncate(validBytes);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}
