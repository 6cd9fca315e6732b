// The file journal's listings (listBatches, listPendingApprovals). A folder of files has no query
// engine, so the journal keeps one summary per batch file in memory and cuts pages from those.
// Building them reads every batch file once, on the first listing; after that only the files that
// changed are read again. Which ones changed comes from watching the folder (fs.watch: inotify on
// Linux), which also sees other processes' writes; writes through this journal mark their batch at
// once. Before each listing the journal yields to the event loop once (setImmediate), so that the
// watch events of every write that completed before the call are taken in. Where the folder cannot
// be watched, each listing compares every file's size with the one its summary was read at.
import { type FSWatcher, readFileSync, statSync, watch } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
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
import { ToolBatchError } from "../model/tool-batch-error";
import { parseDecisionsFile, parseMainFile } from "./read-batch-files";

const MAIN_SUFFIX = ".jsonl";
const DECISIONS_SUFFIX = ".decisions.jsonl";
/**
 * Batch files read between two turns of the event loop. They are read with synchronous calls:
 * small files, read at once by the calling thread, cost a few microseconds each, where the
 * promise API's trips through the thread pool made the first listing of 10,000 batches several
 * times slower (measured: see the console's README). A turn of 100 files blocks for a few ms.
 */
const FILES_PER_TURN = 100;

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

/** A file's bytes, or `undefined` when it does not exist. */
function readIfExists(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return -1;
    throw error;
  }
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

export function createFileJournalListing(dir: string): FileJournalListing {
  const listed = new Map<string, ListedBatch>();
  /** Batches to read again; `undefined` means every batch (nothing read yet, or an event without a name). */
  let dirty: Set<string> | undefined;
  let watcher: FSWatcher | undefined;
  let watching = false;
  let refreshing: Promise<void> = Promise.resolve();

  const mainPath = (batchId: string) => join(dir, `${batchId}${MAIN_SUFFIX}`);
  const decisionsPath = (batchId: string) => join(dir, `${batchId}${DECISIONS_SUFFIX}`);
  const sizesOf = (batchId: string) =>
    `${sizeOf(mainPath(batchId))},${sizeOf(decisionsPath(batchId))}`;

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

  /**
   * Reads one batch's files again and replaces (or drops) its summary. `hasDecisions` is `false`
   * when the folder's listing showed no decisions file (one read saved per batch).
   */
  function readBatch(batchId: string, hasDecisions = true): void {
    // The sizes are only compared where no watcher says which files changed.
    const sizes = watching ? "" : sizesOf(batchId);
    let records: JournalRecord[] | undefined;
    try {
      const bytes = readIfExists(mainPath(batchId));
      const main = bytes === undefined ? undefined : parseMainFile(bytes, mainPath(batchId));
      if (main !== undefined && main.records.length > 0) {
        const decisionBytes = hasDecisions ? readIfExists(decisionsPath(batchId)) : undefined;
        const decisions =
          decisionBytes === undefined
            ? []
            : parseDecisionsFile(decisionBytes, decisionsPath(batchId));
        records = [...main.records, ...decisions.map((stored) => stored.record)];
      }
    } catch (error) {
      if (!ToolBatchError.isInstance(error)) throw error;
      listed.set(batchId, { summary: corruptSummary(batchId, error), pending: [], sizes });
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
  function corruptSummary(batchId: string, error: Error): JournalBatchSummary {
    let modified = Date.now();
    try {
      modified = statSync(mainPath(batchId)).mtimeMs;
    } catch {}
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

  /** Runs `action` on every batch, yielding to the event loop every {@link FILES_PER_TURN}. */
  async function forEachInTurns(batchIds: Iterable<string>, action: (batchId: string) => void) {
    let count = 0;
    for (const batchId of batchIds) {
      action(batchId);
      if (++count % FILES_PER_TURN === 0) await nextTurn();
    }
  }

  async function refresh(): Promise<void> {
    if (watcher === undefined && dirty === undefined && listed.size === 0) startWatching();
    // Lets the watch events of writes that completed before this call arrive (see the header).
    await nextTurn();
    if (watching && dirty !== undefined) {
      const changed = dirty;
      dirty = new Set();
      await forEachInTurns(changed, (batchId) => readBatch(batchId));
      return;
    }
    // Everything: the first listing, an event without a file name, or no watcher.
    if (watching) dirty = new Set();
    const names = await readdir(dir);
    const onDisk = new Set<string>();
    const withDecisions = new Set<string>();
    for (const name of names) {
      if (name.endsWith(DECISIONS_SUFFIX))
        withDecisions.add(name.slice(0, -DECISIONS_SUFFIX.length));
      else if (name.endsWith(MAIN_SUFFIX)) onDisk.add(name.slice(0, -MAIN_SUFFIX.length));
    }
    for (const batchId of listed.keys()) if (!onDisk.has(batchId)) listed.delete(batchId);
    await forEachInTurns(onDisk, (batchId) => {
      const known = listed.get(batchId);
      if (watching || known === undefined || known.sizes !== sizesOf(batchId))
        readBatch(batchId, withDecisions.has(batchId));
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
