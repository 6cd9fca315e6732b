// The file journal's listings (listBatches, listPendingApprovals). A folder of files has no query
// engine, so the journal keeps one summary per batch file in memory and cuts pages from those.
// Building them reads every batch file once, on the first listing; after that only the files that
// changed are read again. Which ones changed comes from watching the folder (fs.watch: inotify on
// Linux), which also sees other processes' writes; writes through this journal mark their batch at
// once. Before each listing the journal yields to the event loop once (setImmediate), so that the
// watch events of every write that completed before the call are taken in. Where the folder cannot
// be watched, each listing compares every file's size with the one its summary was read at.
import { type FSWatcher, watch } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { ToolBatchError } from "../approval/tool-batch-error";
import { findPendingApprovals } from "../journal/find-pending-approvals";
import type {
  JournalApprovalPage,
  JournalPendingApproval,
} from "../journal/journal-approval-listing";
import type { JournalBatchPage, JournalBatchSummary } from "../journal/journal-batch-listing";
import type { JournalRecord } from "../journal/journal-record";
import type {
  ResolvedJournalApprovalQuery,
  ResolvedJournalBatchQuery,
} from "../journal/read-journal-listing-query";
import { selectJournalBatchPage } from "../journal/select-journal-batch-page";
import { selectPendingApprovalPage } from "../journal/select-pending-approval-page";
import { summarizeJournalBatch } from "../journal/summarize-journal-batch";
import { readDecisionsFile, readMainFile } from "./read-batch-files";

const MAIN_SUFFIX = ".jsonl";
const DECISIONS_SUFFIX = ".decisions.jsonl";
/** Batch files read at once while building the summaries. */
const READ_CONCURRENCY = 16;

/** One batch file's summary, and the sizes of its two files when it was read. */
interface ListedBatch {
  readonly summary: JournalBatchSummary;
  readonly pending: readonly JournalPendingApproval[];
  readonly sizes: string;
}

/** The file journal's listings over the folder `dir`; see the file header. */
export interface FileJournalListing {
  /** A write through the journal changed this batch's files. */
  touch(batchId: string): void;
  listBatches(query: ResolvedJournalBatchQuery): Promise<JournalBatchPage>;
  listPendingApprovals(query: ResolvedJournalApprovalQuery): Promise<JournalApprovalPage>;
  /** Stops watching the folder. */
  close(): void;
}

/** The batch id a file of the journal's folder belongs to, or `undefined` for another file. */
function batchIdOf(name: string): string | undefined {
  if (name.endsWith(DECISIONS_SUFFIX)) return name.slice(0, -DECISIONS_SUFFIX.length);
  if (name.endsWith(MAIN_SUFFIX)) return name.slice(0, -MAIN_SUFFIX.length);
  return undefined;
}

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return -1;
    throw error;
  }
}

/** Runs `action` on every item, at most {@link READ_CONCURRENCY} at a time. */
async function forEachConcurrently(
  items: Iterable<string>,
  action: (item: string) => Promise<void>,
): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.pop(); item !== undefined; item = queue.pop()) await action(item);
  };
  await Promise.all(Array.from({ length: READ_CONCURRENCY }, worker));
}

export function createFileJournalListing(dir: string): FileJournalListing {
  const listed = new Map<string, ListedBatch>();
  /** Batches to read again; `undefined` means every batch (nothing read yet, or an event without a name). */
  let dirty: Set<string> | undefined;
  let watcher: FSWatcher | undefined;
  let watching = false;
  let refreshing: Promise<void> = Promise.resolve();

  const mainPath = (batchId: string) => join(dir, `${batchId}${MAIN_SUFFIX}`);
  const decisionsPath = (batchId: string) => join(dir, `${batchId}${DECISIONS_SUFFIX}`);

  function startWatching(): void {
    try {
      watcher = watch(dir, { persistent: false }, (_event, name) => {
        const batchId = typeof name === "string" ? batchIdOf(name) : undefined;
        if (typeof name !== "string") dirty = undefined;
        else if (batchId !== undefined) dirty?.add(batchId);
      });
      watcher.on("error", stopWatching);
      watching = true;
    } catch {
      stopWatching();
    }
  }

  function stopWatching(): void {
    watcher?.close();
    watcher = undefined;
    watching = false;
  }

  async function readSizes(batchId: string): Promise<string> {
    const sizes = await Promise.all([sizeOf(mainPath(batchId)), sizeOf(decisionsPath(batchId))]);
    return sizes.join(",");
  }

  /** Reads one batch's files again and replaces (or drops) its summary. */
  async function readBatch(batchId: string): Promise<void> {
    // The sizes are only compared where no watcher says which files changed.
    const sizes = watching ? "" : await readSizes(batchId);
    let records: JournalRecord[] | undefined;
    try {
      const main = await readMainFile(mainPath(batchId));
      if (main !== undefined && main.records.length > 0) {
        const decisions = await readDecisionsFile(decisionsPath(batchId));
        records = [...main.records, ...decisions.map((stored) => stored.record)];
      }
    } catch (error) {
      if (!ToolBatchError.isInstance(error)) throw error;
      listed.set(batchId, { summary: await corruptSummary(batchId, error), pending: [], sizes });
      return;
    }
    if (records === undefined) {
      listed.delete(batchId);
      return;
    }
    listed.set(batchId, {
      summary: summarizeJournalBatch(batchId, records),
      pending: findPendingApprovals(batchId, records),
      sizes,
    });
  }

  /** A corrupt batch is listed, as `open` with the problem, instead of being hidden. */
  async function corruptSummary(batchId: string, error: Error): Promise<JournalBatchSummary> {
    const modified = await stat(mainPath(batchId)).then(
      (status) => status.mtimeMs,
      () => Date.now(),
    );
    const at = new Date(modified).toISOString();
    return {
      batchId,
      at,
      mode: "parallel",
      state: "open",
      revision: 0,
      updatedAt: at,
      calls: [],
      problem: error.message,
    };
  }

  const readBatches = (batchIds: Iterable<string>) => forEachConcurrently(batchIds, readBatch);

  async function batchIdsOnDisk(): Promise<Set<string>> {
    const names = await readdir(dir);
    return new Set(
      names
        .filter((name) => name.endsWith(MAIN_SUFFIX) && !name.endsWith(DECISIONS_SUFFIX))
        .map((name) => name.slice(0, -MAIN_SUFFIX.length)),
    );
  }

  async function refresh(): Promise<void> {
    if (watcher === undefined && dirty === undefined && listed.size === 0) startWatching();
    // Lets the watch events of writes that completed before this call arrive (see the header).
    await new Promise((resolve) => setImmediate(resolve));
    if (watching && dirty !== undefined) {
      const changed = dirty;
      dirty = new Set();
      await readBatches(changed);
      return;
    }
    // Everything: the first listing, an event without a file name, or no watcher.
    if (watching) dirty = new Set();
    const onDisk = await batchIdsOnDisk();
    for (const batchId of listed.keys()) if (!onDisk.has(batchId)) listed.delete(batchId);
    if (watching) {
      await readBatches(onDisk);
      return;
    }
    await forEachConcurrently(onDisk, async (batchId) => {
      const known = listed.get(batchId);
      if (known === undefined || known.sizes !== (await readSizes(batchId)))
        await readBatch(batchId);
    });
  }

  /** Runs refreshes one at a time; a failed one is retried from scratch by the next listing. */
  function refreshed(): Promise<void> {
    const next = refreshing.then(refresh);
    refreshing = next.catch(() => {
      dirty = undefined;
    });
    return next;
  }

  return {
    touch(batchId) {
      dirty?.add(batchId);
    },
    async listBatches(query) {
      await refreshed();
      const page = selectJournalBatchPage(
        [...listed.values()].map((batch) => batch.summary),
        query,
      );
      return structuredClone(page);
    },
    async listPendingApprovals(query) {
      await refreshed();
      const page = selectPendingApprovalPage(
        [...listed.values()].flatMap((batch) => batch.pending),
        query,
      );
      return structuredClone(page);
    },
    close() {
      stopWatching();
    },
  };
}
