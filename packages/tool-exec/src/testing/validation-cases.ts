// Contract cases: bad input is refused with INVALID_ARGUMENT and stores nothing.
import type { JournalRecord } from "../journal/journal-record";
import {
  type ContractCaseBody,
  checkJsonEqual,
  checkRejects,
  openLockedBatch,
} from "./contract-checks";
import {
  batchRecord,
  completedRecord,
  decisionRecord,
  settledRecord,
  startedRecord,
} from "./contract-records";

const badBatchIds = ["", "../escape", "a/b", "with space", "x".repeat(129), "nul\u0000"];

export const validationCases: ContractCaseBody[] = [
  [
    "should refuse a batchId that could not name a file or a job",
    async (open) => {
      const journal = await open();
      for (const batchId of badBatchIds) {
        const what = `batchId ${JSON.stringify(batchId)}`;
        await checkRejects(
          journal.append(batchId, [batchRecord(batchId)]),
          "INVALID_ARGUMENT",
          `append, ${what}`,
        );
        await checkRejects(
          journal.settle(batchId, settledRecord("c1")),
          "INVALID_ARGUMENT",
          `settle, ${what}`,
        );
        await checkRejects(
          journal.decide(batchId, decisionRecord("c1")),
          "INVALID_ARGUMENT",
          `decide, ${what}`,
        );
        await checkRejects(journal.read(batchId), "INVALID_ARGUMENT", `read, ${what}`);
        await checkRejects(journal.lock(batchId, "contract"), "INVALID_ARGUMENT", `lock, ${what}`);
      }
    },
  ],
  [
    "should refuse a record that is not a valid JSON record, storing nothing of its append",
    async (open) => {
      const { journal, batchId, lock } = await openLockedBatch(open, "invalid");
      await journal.append(batchId, [batchRecord(batchId)]);
      const badRecords: [string, unknown][] = [
        ["an unknown type", { t: "bogus", at: "now" }],
        ["a missing callId", { t: "started", attempt: 1, replay: "never", at: "now" }],
        ["attempt 0", { ...startedRecord("c1"), attempt: 0 }],
        [
          "a function inside",
          {
            ...settledRecord("c1"),
            outcome: { ...settledRecord("c1").outcome, result: { content: [], details: () => 1 } },
          },
        ],
        [
          "a content block of an unknown type",
          {
            ...settledRecord("c1"),
            outcome: { ...settledRecord("c1").outcome, result: { content: [{ type: "video" }] } },
          },
        ],
        ["a bigint inside", { ...decisionRecord("c1"), by: 1n }],
        ["NaN", { t: "revision", revision: Number.NaN, at: "now" }],
        ["a batch record for another batch", batchRecord(`${batchId}-other`)],
        ["null", null],
      ];
      for (const [what, record] of badRecords) {
        await checkRejects(
          journal.append(batchId, [startedRecord("c2"), record as JournalRecord]),
          "INVALID_ARGUMENT",
          `append with ${what}`,
        );
      }
      await checkRejects(
        journal.settle(batchId, { ...settledRecord("c1"), outcome: null } as never),
        "INVALID_ARGUMENT",
        "settle without an outcome",
      );
      await checkRejects(
        journal.decide(batchId, { ...decisionRecord("c1"), decision: "maybe" } as never),
        "INVALID_ARGUMENT",
        "decide maybe",
      );
      checkJsonEqual(
        await journal.read(batchId),
        [batchRecord(batchId)],
        "records after refused writes",
      );
      await lock.release();
    },
  ],
  [
    "should refuse writes before the batch record, a second batch record, and writes after completed",
    async (open) => {
      const { journal, batchId, lock } = await openLockedBatch(open, "sequence");
      await checkRejects(
        journal.append(batchId, [startedRecord("c1")]),
        "INVALID_ARGUMENT",
        "started before batch",
      );
      await checkRejects(
        journal.settle(batchId, settledRecord("c1")),
        "INVALID_ARGUMENT",
        "settle before batch",
      );
      checkJsonEqual(await journal.read(batchId), [], "nothing stored for the unknown batch");
      await journal.append(batchId, [batchRecord(batchId)]);
      await checkRejects(
        journal.append(batchId, [batchRecord(batchId)]),
        "INVALID_ARGUMENT",
        "second batch record",
      );
      await journal.append(batchId, [completedRecord()]);
      await checkRejects(
        journal.append(batchId, [startedRecord("c1")]),
        "INVALID_ARGUMENT",
        "append after completed",
      );
      await checkRejects(
        journal.settle(batchId, settledRecord("c1")),
        "INVALID_ARGUMENT",
        "settle after completed",
      );
      await lock.release();
    },
  ],
  [
    "should refuse `completed` while a started call has no settled record",
    async (open) => {
      const { journal, batchId, lock } = await openLockedBatch(open, "unsettled");
      await journal.append(batchId, [batchRecord(batchId), startedRecord("c1")]);
      await checkRejects(
        journal.append(batchId, [completedRecord()]),
        "INVALID_ARGUMENT",
        "completed while c1 is started and unsettled",
      );
      await checkRejects(
        journal.append(batchId, [startedRecord("c2"), completedRecord()]),
        "INVALID_ARGUMENT",
        "completed in the append that starts c2",
      );
      checkJsonEqual(
        (await journal.read(batchId)).map((record) => record.t),
        ["batch", "started"],
        "nothing stored by the refused appends",
      );
      await journal.settle(batchId, settledRecord("c1"));
      await journal.append(batchId, [completedRecord()]);
      checkJsonEqual(
        (await journal.read(batchId)).map((record) => record.t),
        ["batch", "started", "settled", "completed"],
        "completed once c1 is settled",
      );
      await lock.release();
    },
  ],
];
