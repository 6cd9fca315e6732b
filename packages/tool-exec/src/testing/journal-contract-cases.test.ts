import { describe, expect, it } from "vitest";
import { createMemoryJournal } from "../journal/create-memory-journal";
import { findPendingApprovals } from "../journal/find-pending-approvals";
import { readJournalApprovalQuery } from "../journal/read-journal-listing-query";
import { selectPendingApprovalPage } from "../journal/select-pending-approval-page";
import type { ToolCallJournal } from "../journal/tool-call-journal";
import { createJournalContractCases } from "./journal-contract-cases";

/** Runs the case named `name` against journals made by `open`; resolves with its error, if any. */
async function runCase(
  name: string,
  open: () => ToolCallJournal,
  sharedStore = false,
): Promise<unknown> {
  const contractCase = createJournalContractCases({ open, sharedStore }).find(
    (entry) => entry.name === name,
  );
  if (contractCase === undefined) throw new Error(`no case named ${name}`);
  return contractCase.run().then(
    () => undefined,
    (error: unknown) => error,
  );
}

// Journals that each break one promise of the contract: the cases must catch every one.
const breaches: [string, string, () => ToolCallJournal][] = [
  [
    "a settle that always records",
    "should let the first settlement of a call win",
    () => {
      const journal = createMemoryJournal();
      return {
        ...journal,
        async settle(batchId, record) {
          await journal.settle(batchId, record);
          return "recorded";
        },
      };
    },
  ],
  [
    "a decide that lets the last decision win",
    "should let the first decision of a call win, keeping decisions in their order",
    () => {
      const journal = createMemoryJournal();
      const decided = new Set<string>();
      return {
        ...journal,
        async decide(batchId, record) {
          const seen = decided.has(record.callId);
          decided.add(record.callId);
          await journal.append(batchId, [
            { ...record, callId: `${record.callId}${seen ? "-again" : ""}` },
          ]);
          return "recorded";
        },
      };
    },
  ],
  [
    "a lock that never refuses",
    "should refuse a second lock on a batch with BATCH_LOCKED, and grant it after release",
    () => ({ ...createMemoryJournal(), lock: async () => ({ release: async () => {} }) }),
  ],
  [
    "a read that returns records in reverse",
    "should read back every appended record, in append order",
    () => {
      const journal = createMemoryJournal();
      return { ...journal, read: async (batchId) => [...(await journal.read(batchId))].reverse() };
    },
  ],
  [
    "a read that returns the stored objects themselves",
    "should return copies: changing what was written or read changes nothing stored",
    () => {
      const stored = new Map<string, unknown[]>();
      const journal = createMemoryJournal();
      return {
        ...journal,
        async append(batchId, records) {
          await journal.append(batchId, records);
          stored.set(batchId, [...(stored.get(batchId) ?? []), ...records]);
        },
        read: async (batchId) => (stored.get(batchId) ?? []) as never,
      };
    },
  ],
  [
    "a listOpen that keeps completed batches",
    "should list open batches and leave out completed ones",
    () => {
      const journal = createMemoryJournal();
      const ids = new Set<string>();
      return {
        ...journal,
        async append(batchId, records) {
          ids.add(batchId);
          await journal.append(batchId, records);
        },
        listOpen: async () => [...ids],
      };
    },
  ],
  [
    "a listBatches that lists oldest first",
    "should list batches newest first by their batch record's time, a page at a time",
    () => {
      const journal = createMemoryJournal();
      return {
        ...journal,
        async listBatches(query) {
          const page = await journal.listBatches({ ...query, limit: 500 });
          return { batches: [...page.batches].reverse() };
        },
      };
    },
  ],
  [
    "a journal that completes a batch over a started, unsettled call",
    "should refuse `completed` while a started call has no settled record",
    () => {
      // Records `completed` as a revision marker would be: accepted whatever is unsettled.
      const journal = createMemoryJournal();
      const completed = new Set<string>();
      return {
        ...journal,
        async append(batchId, records) {
          const kept = records.filter((record) => record.t !== "completed");
          if (kept.length < records.length) completed.add(batchId);
          await journal.append(batchId, kept);
        },
        async read(batchId) {
          const records = await journal.read(batchId);
          return completed.has(batchId) ? [...records, { t: "completed", at: "x" }] : records;
        },
      };
    },
  ],
  [
    "a listBatches that ignores the state filter",
    "should filter batches by state, tool name and time",
    () => {
      const journal = createMemoryJournal();
      return {
        ...journal,
        listBatches: (query) => journal.listBatches({ ...query, state: undefined }),
      };
    },
  ],
  [
    "a summary that calls a decided call awaiting",
    "should summarise each batch's state and its calls' states",
    () => {
      const journal = createMemoryJournal();
      return {
        ...journal,
        async listBatches(query) {
          const page = await journal.listBatches(query);
          return {
            batches: page.batches.map((batch) => ({
              ...batch,
              calls: batch.calls.map((call) =>
                call.state === "decided" ? { ...call, state: "awaiting_approval" as const } : call,
              ),
            })),
          };
        },
      };
    },
  ],
  [
    "a listPendingApprovals that ignores decisions",
    "should list pending approvals oldest first, leaving out decided, settled and completed calls",
    () => {
      const journal = createMemoryJournal();
      return {
        ...journal,
        async listPendingApprovals(query) {
          const { batches } = await journal.listBatches({ limit: 500 });
          const pending = [];
          for (const { batchId } of batches) {
            const records = await journal.read(batchId);
            const undecided = records.filter((record) => record.t !== "decision");
            pending.push(...findPendingApprovals(batchId, undecided));
          }
          return selectPendingApprovalPage(pending, readJournalApprovalQuery(query));
        },
      };
    },
  ],
  [
    "a listBatches that accepts any limit",
    "should refuse a listing query it cannot answer with INVALID_ARGUMENT",
    () => {
      const journal = createMemoryJournal();
      return {
        ...journal,
        listBatches: (query) => journal.listBatches({ ...query, limit: 10 }),
      };
    },
  ],
];

describe("createJournalContractCases", () => {
  it("should pass for the memory journal (the reference)", async () => {
    for (const contractCase of createJournalContractCases({
      open: createMemoryJournal,
      sharedStore: false,
    })) {
      await contractCase.run();
    }
  });

  for (const [breach, caseName, open] of breaches) {
    it(`should fail "${caseName}" for ${breach}`, async () => {
      const error = await runCase(caseName, open);
      expect(error).toBeInstanceOf(Error);
    });
  }

  it("should add the shared-store cases only for a journal that shares its store", () => {
    const names = (sharedStore: boolean) =>
      createJournalContractCases({ open: createMemoryJournal, sharedStore }).map(
        (entry) => entry.name,
      );
    expect(names(true).length - names(false).length).toBe(4);
    expect(names(true)).toContain(
      "should refuse a lock held through another journal, until that journal closes",
    );
  });

  it("should close every journal a case opened, even when the case fails", async () => {
    let closed = 0;
    const open = () => {
      const journal = createMemoryJournal();
      return {
        ...journal,
        read: async () => Promise.reject(new Error("broken")),
        close: async () => void closed++,
      };
    };
    await runCase("should read [] for a batch it never saw", open);
    expect(closed).toBe(1);
  });
});
