// Contract cases: listBatches and listPendingApprovals. The store may be shared with other cases
// (one folder, one schema), so each case names its tools uniquely and filters by them, or looks
// only at its own batches.
import type { JournalRecord } from "../journal/journal-record";
import type { ToolCallJournal } from "../journal/tool-call-journal";
import { type ContractCaseBody, check, checkJsonEqual, checkRejects } from "./contract-checks";
import { uniqueBatchId } from "./contract-records";

/** `2031-01-01T00:00:0<second>.000Z`: batch times later than any other case's. */
const batchTime = (second: number) => `2031-01-01T00:00:${String(second).padStart(2, "0")}.000Z`;
/** Approval times earlier than any other case's, so these approvals come first in the inbox. */
const approvalTime = (second: number) => `2001-01-01T00:00:${String(second).padStart(2, "0")}.000Z`;

/** Writes one batch's records under its lock, decisions through `decide` (as a reviewer would). */
async function writeBatch(
  journal: ToolCallJournal,
  batchId: string,
  records: readonly JournalRecord[],
): Promise<void> {
  const lock = await journal.lock(batchId, "contract");
  try {
    await journal.append(
      batchId,
      records.filter((record) => record.t !== "decision"),
    );
  } finally {
    await lock.release();
  }
  for (const record of records) if (record.t === "decision") await journal.decide(batchId, record);
}

function batchOf(batchId: string, second: number, tools: readonly string[]): JournalRecord {
  return {
    t: "batch",
    v: 1,
    batchId,
    at: batchTime(second),
    mode: "parallel",
    calls: tools.map((name, index) => ({
      type: "toolCall",
      id: `c${index + 1}`,
      name,
      arguments: { index },
    })),
  };
}

const started = (callId: string, attempt = 1): JournalRecord => ({
  t: "started",
  callId,
  attempt,
  replay: "safe",
  at: batchTime(30),
});
const settled = (callId: string, isError = false): JournalRecord => ({
  t: "settled",
  callId,
  at: batchTime(31),
  outcome: {
    result: { content: [{ type: "text", text: isError ? "it broke" : "done" }], details: {} },
    isError,
    ...(isError ? { errorType: "tool_error" } : {}),
  },
});
const approval = (callId: string, second: number, approvalId = `a-${callId}`): JournalRecord => ({
  t: "approval",
  callId,
  approvalId,
  at: approvalTime(second),
  reason: `check ${callId}`,
  args: { checked: callId },
});
const decision = (callId: string, approvalId = `a-${callId}`): JournalRecord => ({
  t: "decision",
  callId,
  approvalId,
  decision: "deny",
  by: "contract reviewer",
  at: batchTime(32),
});
const completed: JournalRecord = { t: "completed", at: batchTime(40) };

/**
 * Five batches of a fresh tool name, one per state (two suspended), written out of time order:
 * `ids[n]` has its batch record at second `n`.
 */
async function writeFiveBatches(journal: ToolCallJournal) {
  const tool = `tool-${crypto.randomUUID()}`;
  const other = `other-${crypto.randomUUID()}`;
  const ids = [0, 1, 2, 3, 4].map((second) => uniqueBatchId(`listing-${second}`));
  const [done, failed, suspended, running, decided] = ids as [
    string,
    string,
    string,
    string,
    string,
  ];
  const batches: [string, JournalRecord[]][] = [
    [
      suspended,
      [batchOf(suspended, 2, [tool, tool]), started("c1"), settled("c1"), approval("c2", 5)],
    ],
    [done, [batchOf(done, 0, [tool]), started("c1"), settled("c1"), completed]],
    [
      decided,
      [batchOf(decided, 4, [tool, tool]), approval("c2", 6), decision("c2"), approval("c1", 7)],
    ],
    [failed, [batchOf(failed, 1, [tool]), started("c1"), settled("c1", true), completed]],
    [running, [batchOf(running, 3, [tool, other]), started("c1"), started("c1", 2)]],
  ];
  for (const [batchId, records] of batches) await writeBatch(journal, batchId, records);
  return { tool, other, ids, done, failed, suspended, running, decided };
}

/** Every page of a listing, following `nextCursor`. */
async function collectPages<TItem>(
  list: (
    cursor: string | undefined,
  ) => Promise<{ items: readonly TItem[]; nextCursor?: string | undefined }>,
  maxPages = 50,
): Promise<TItem[][]> {
  const pages: TItem[][] = [];
  let cursor: string | undefined;
  do {
    const page = await list(cursor);
    pages.push([...page.items]);
    cursor = page.nextCursor;
  } while (cursor !== undefined && pages.length < maxPages);
  return pages;
}

async function listIds(
  journal: ToolCallJournal,
  query: Parameters<ToolCallJournal["listBatches"]>[0],
): Promise<string[]> {
  const page = await journal.listBatches({ limit: 500, ...query });
  return page.batches.map((batch) => batch.batchId);
}

export const listingCases: ContractCaseBody[] = [
  [
    "should list batches newest first by their batch record's time, a page at a time",
    async (open) => {
      const journal = await open();
      const { tool, ids } = await writeFiveBatches(journal);
      const pages = await collectPages(async (cursor) => {
        const page = await journal.listBatches({ toolName: tool, limit: 2, cursor });
        return { items: page.batches.map((batch) => batch.batchId), nextCursor: page.nextCursor };
      });
      checkJsonEqual(pages, [[ids[4], ids[3]], [ids[2], ids[1]], [ids[0]]], "pages of two");
      const all = await journal.listBatches({ toolName: tool });
      check(all.nextCursor === undefined, "one page of 50 holds five batches: no next cursor");
      checkJsonEqual(
        all.batches.map((batch) => batch.at),
        [4, 3, 2, 1, 0].map(batchTime),
        "the batch records' times",
      );
    },
  ],
  [
    "should summarise each batch's state and its calls' states",
    async (open) => {
      const journal = await open();
      const written = await writeFiveBatches(journal);
      const page = await journal.listBatches({ toolName: written.tool });
      const byId = new Map(page.batches.map((batch) => [batch.batchId, batch]));
      const summary = (batchId: string) => {
        const batch = byId.get(batchId);
        check(batch !== undefined, `batch ${batchId} is listed`);
        return {
          state: batch.state,
          calls: batch.calls.map((call) => [
            call.callId,
            call.toolName === written.tool,
            call.state,
          ]),
        };
      };
      checkJsonEqual(
        summary(written.done),
        { state: "completed", calls: [["c1", true, "succeeded"]] },
        "a completed batch",
      );
      checkJsonEqual(
        summary(written.failed),
        { state: "failed", calls: [["c1", true, "failed"]] },
        "a completed batch with an error result",
      );
      checkJsonEqual(
        summary(written.suspended),
        {
          state: "suspended",
          calls: [
            ["c1", true, "succeeded"],
            ["c2", true, "awaiting_approval"],
          ],
        },
        "a batch awaiting a decision",
      );
      checkJsonEqual(
        summary(written.running),
        {
          state: "open",
          calls: [
            ["c1", true, "started"],
            ["c2", false, "pending"],
          ],
        },
        "a batch with a call running",
      );
      checkJsonEqual(
        summary(written.decided),
        {
          state: "suspended",
          calls: [
            ["c1", true, "awaiting_approval"],
            ["c2", true, "decided"],
          ],
        },
        "a batch with one decision recorded and one awaited",
      );
      const failed = byId.get(written.failed)!;
      checkJsonEqual(
        [failed.mode, failed.revision, failed.completedAt, failed.calls[0]?.errorType],
        ["parallel", 0, batchTime(40), "tool_error"],
        "mode, revision, completion time and error type",
      );
      checkJsonEqual(
        [
          byId.get(written.running)!.calls[0]?.attempts,
          byId.get(written.decided)!.calls[1]?.decision,
        ],
        [2, "deny"],
        "attempts and decision",
      );
    },
  ],
  [
    "should filter batches by state, tool name and time",
    async (open) => {
      const journal = await open();
      const { tool, other, ids, done, failed, suspended, running, decided } =
        await writeFiveBatches(journal);
      const cases: [string, Parameters<ToolCallJournal["listBatches"]>[0], string[]][] = [
        ["state open", { state: "open" }, [running]],
        ["state suspended", { state: "suspended" }, [decided, suspended]],
        ["state completed", { state: "completed" }, [done]],
        ["state failed", { state: "failed" }, [failed]],
        ["since second 2", { since: batchTime(2) }, [ids[4]!, ids[3]!, ids[2]!]],
        ["until second 2", { until: new Date(batchTime(2)) }, [ids[1]!, ids[0]!]],
        ["seconds 1 to 3", { since: batchTime(1), until: batchTime(3) }, [ids[2]!, ids[1]!]],
        ["suspended since second 3", { state: "suspended", since: batchTime(3) }, [decided]],
      ];
      for (const [what, query, expected] of cases)
        checkJsonEqual(await listIds(journal, { toolName: tool, ...query }), expected, what);
      checkJsonEqual(await listIds(journal, { toolName: other }), [running], "the other tool");
      checkJsonEqual(
        await listIds(journal, { toolName: `${tool}-none` }),
        [],
        "a tool no batch has",
      );
    },
  ],
  [
    "should list pending approvals oldest first, leaving out decided, settled and completed calls",
    async (open) => {
      const journal = await open();
      const tool = `tool-${crypto.randomUUID()}`;
      const [first, second, settledOne, completedOne] = [1, 2, 3, 4].map((n) =>
        uniqueBatchId(`inbox-${n}`),
      ) as [string, string, string, string];
      await writeBatch(journal, first, [
        batchOf(first, 1, [tool, tool, tool]),
        approval("c1", 3),
        approval("c2", 1, "a-old"),
        approval("c2", 4, "a-c2"),
        approval("c3", 0),
        decision("c3"),
      ]);
      await writeBatch(journal, second, [batchOf(second, 2, [tool]), approval("c1", 2)]);
      await writeBatch(journal, settledOne, [
        batchOf(settledOne, 3, [tool]),
        approval("c1", 0),
        settled("c1", true),
      ]);
      await writeBatch(journal, completedOne, [
        batchOf(completedOne, 4, [tool]),
        approval("c1", 0),
        settled("c1"),
        completed,
      ]);
      const ours = new Set([first, second, settledOne, completedOne]);
      const pages = await collectPages(async (cursor) => {
        const page = await journal.listPendingApprovals({ limit: 1, cursor });
        return { items: page.approvals, nextCursor: page.nextCursor };
      });
      const listed = pages.flat().filter((entry) => ours.has(entry.batchId));
      checkJsonEqual(
        listed.map((entry) => [entry.batchId, entry.callId, entry.approvalId]),
        [
          [second, "c1", "a-c1"],
          [first, "c1", "a-c1"],
          [first, "c2", "a-c2"],
        ],
        "pending approvals, oldest first, one per page",
      );
      check(
        pages.every((page) => page.length <= 1),
        "pages of one hold at most one approval",
      );
      checkJsonEqual(
        listed[0],
        {
          batchId: second,
          callId: "c1",
          approvalId: "a-c1",
          toolName: tool,
          toolCall: { type: "toolCall", id: "c1", name: tool, arguments: { index: 0 } },
          args: { checked: "c1" },
          requestedAt: approvalTime(2),
          reason: "check c1",
        },
        "a pending approval",
      );
    },
  ],
  [
    "should refuse a listing query it cannot answer with INVALID_ARGUMENT",
    async (open) => {
      const journal = await open();
      const { nextCursor } = await journal.listPendingApprovals({ limit: 1 });
      const badBatchQueries: [string, unknown][] = [
        ["an unknown state", { state: "crashed" }],
        ["limit 0", { limit: 0 }],
        ["limit 501", { limit: 501 }],
        ["limit 1.5", { limit: 1.5 }],
        ["a time that does not parse", { since: "yesterday" }],
        ["an empty tool name", { toolName: "" }],
        ["a made-up cursor", { cursor: "not-a-cursor" }],
        ["a query that is not an object", "newest"],
      ];
      for (const [what, query] of badBatchQueries)
        await checkRejects(
          journal.listBatches(query as never),
          "INVALID_ARGUMENT",
          `listBatches with ${what}`,
        );
      await checkRejects(
        journal.listPendingApprovals({ limit: -1 }),
        "INVALID_ARGUMENT",
        "listPendingApprovals with limit -1",
      );
      await checkRejects(
        journal.listPendingApprovals({ cursor: "e30" }),
        "INVALID_ARGUMENT",
        "listPendingApprovals with a made-up cursor",
      );
      if (nextCursor !== undefined)
        await checkRejects(
          journal.listBatches({ cursor: nextCursor }),
          "INVALID_ARGUMENT",
          "listBatches with an approvals cursor",
        );
    },
  ],
];

/** For journals whose instances share a store: a listing sees the other instance's writes. */
export const sharedListingCases: ContractCaseBody[] = [
  [
    "should list what another journal on the same store wrote and decided",
    async (open) => {
      const writer = await open();
      const reviewer = await open();
      const tool = `tool-${crypto.randomUUID()}`;
      const batchId = uniqueBatchId("shared-listing");
      const before = await reviewer.listBatches({ toolName: tool });
      checkJsonEqual(before.batches, [], "nothing listed before the write");
      await writeBatch(writer, batchId, [batchOf(batchId, 9, [tool]), approval("c1", 9)]);
      const pending = await reviewer.listPendingApprovals({ limit: 500 });
      check(
        pending.approvals.some((entry) => entry.batchId === batchId),
        "the other journal's approval is pending",
      );
      await reviewer.decide(batchId, decision("c1") as never);
      const after = await writer.listPendingApprovals({ limit: 500 });
      check(
        !after.approvals.some((entry) => entry.batchId === batchId),
        "the decided approval is no longer pending for the writer",
      );
      const [listed] = (await writer.listBatches({ toolName: tool })).batches;
      checkJsonEqual(
        listed?.calls.map((call) => call.state),
        ["decided"],
        "the call's state",
      );
    },
  ],
];
