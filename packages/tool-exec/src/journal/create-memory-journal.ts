import { ToolBatchError } from "../model/tool-batch-error";
import { findPendingApprovals } from "./find-pending-approvals";
import {
  admitJournalRecords,
  createJournalBatchIndex,
  type JournalBatchIndex,
} from "./journal-batch-index";
import type { JournalRecord } from "./journal-record";
import { readJournalApprovalQuery, readJournalBatchQuery } from "./read-journal-listing-query";
import { selectJournalBatchPage } from "./select-journal-batch-page";
import { selectPendingApprovalPage } from "./select-pending-approval-page";
import { summarizeJournalBatch } from "./summarize-journal-batch";
import type { JournalLock, JournalWriteResult, ToolCallJournal } from "./tool-call-journal";
import { checkJournalBatchId, validateJournalRecords } from "./validate-journal-records";

interface MemoryBatch {
  readonly records: JournalRecord[];
  readonly index: JournalBatchIndex;
}

/**
 * A {@link ToolCallJournal} in this process's memory: for tests, and for suspend and resume within
 * one process (a decision from another request handler, a stale resume refused). It survives no
 * crash. Writes resolve at once; records are stored and returned as copies.
 */
export function createMemoryJournal(): ToolCallJournal {
  const batches = new Map<string, MemoryBatch>();
  const locks = new Map<string, { readonly owner: string }>();
  let closed = false;

  const checkOpen = () => {
    if (closed) throw new Error("The memory journal is closed");
  };

  function write(batchId: string, records: readonly unknown[]): number {
    checkOpen();
    const copies = validateJournalRecords(batchId, records);
    const batch = batches.get(batchId) ?? { records: [], index: createJournalBatchIndex() };
    const admitted = admitJournalRecords(batch.index, batchId, copies);
    if (!batches.has(batchId)) batches.set(batchId, batch);
    batch.records.push(...admitted);
    return admitted.length;
  }

  const writeOne = async (batchId: string, record: unknown): Promise<JournalWriteResult> =>
    write(batchId, [record]) === 1 ? "recorded" : "duplicate";

  return {
    async append(batchId, records) {
      write(batchId, records);
    },
    settle: writeOne,
    decide: writeOne,
    async read(batchId) {
      checkOpen();
      checkJournalBatchId(batchId);
      const records = batches.get(batchId)?.records ?? [];
      return structuredClone(records);
    },
    async listOpen() {
      checkOpen();
      return [...batches].filter(([, batch]) => !batch.index.completed).map(([batchId]) => batchId);
    },
    async listBatches(query) {
      checkOpen();
      const resolved = readJournalBatchQuery(query);
      const summaries = [...batches].map(([batchId, batch]) =>
        summarizeJournalBatch(batchId, batch.records),
      );
      return structuredClone(selectJournalBatchPage(summaries, resolved));
    },
    async listPendingApprovals(query) {
      checkOpen();
      const resolved = readJournalApprovalQuery(query);
      const pending = [...batches].flatMap(([batchId, batch]) =>
        findPendingApprovals(batchId, batch.records),
      );
      return structuredClone(selectPendingApprovalPage(pending, resolved));
    },
    async lock(batchId, owner): Promise<JournalLock> {
      checkOpen();
      checkJournalBatchId(batchId);
      const holder = locks.get(batchId);
      if (holder !== undefined) {
        throw new ToolBatchError("BATCH_LOCKED", `Batch ${batchId} is locked by ${holder.owner}`);
      }
      // Its own object, so that releasing a stale lock never frees a later holder's.
      const held = { owner };
      locks.set(batchId, held);
      return {
        async release() {
          if (locks.get(batchId) === held) locks.delete(batchId);
        },
      };
    },
    async close() {
      closed = true;
      locks.clear();
    },
  };
}
