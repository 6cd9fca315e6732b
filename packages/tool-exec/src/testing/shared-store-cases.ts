// Contract cases for journals whose instances share a store (a folder, a database), as the
// processes of one deployment do.
import { type ContractCaseBody, check, checkJsonEqual, checkRejects } from "./contract-checks";
import {
  batchRecord,
  decisionRecord,
  settledRecord,
  startedRecord,
  uniqueBatchId,
} from "./contract-records";

export const sharedStoreCases: ContractCaseBody[] = [
  [
    "should return what was written from a journal opened after the writer closed",
    async (open) => {
      const writer = await open();
      const batchId = uniqueBatchId("durable");
      const lock = await writer.lock(batchId, "writer");
      const records = [batchRecord(batchId), startedRecord("c1"), settledRecord("c1")];
      await writer.append(batchId, records.slice(0, 2));
      await writer.settle(batchId, settledRecord("c1"));
      await lock.release();
      await writer.close();
      const reader = await open();
      checkJsonEqual(await reader.read(batchId), records, "records read by another journal");
      check((await reader.listOpen()).includes(batchId), "the batch is open for the other journal");
      const relock = await reader.lock(batchId, "reader");
      check(
        (await reader.settle(batchId, settledRecord("c1", "again"))) === "duplicate",
        "settle stays once",
      );
      await relock.release();
    },
  ],
  [
    "should refuse a lock held through another journal, until that journal closes",
    async (open) => {
      const first = await open();
      const second = await open();
      const batchId = uniqueBatchId("shared-lock");
      await first.lock(batchId, "first");
      await checkRejects(
        second.lock(batchId, "second"),
        "BATCH_LOCKED",
        "lock held by the other journal",
      );
      await first.close();
      const lock = await second.lock(batchId, "second");
      await lock.release();
    },
  ],
  [
    "should record exactly one of two decisions racing from two journals",
    async (open) => {
      const holder = await open();
      const reviewer = await open();
      const batchId = uniqueBatchId("shared-decide");
      const lock = await holder.lock(batchId, "holder");
      await holder.append(batchId, [batchRecord(batchId)]);
      const results = await Promise.all([
        holder.decide(batchId, decisionRecord("c1", "approve", "reviewer-1")),
        reviewer.decide(batchId, decisionRecord("c1", "deny", "reviewer-2")),
        reviewer.decide(batchId, decisionRecord("c2", "approve", "reviewer-2")),
      ]);
      checkJsonEqual(results.slice(0, 2).sort(), ["duplicate", "recorded"], "the racing decisions");
      const winner =
        results[0] === "recorded"
          ? decisionRecord("c1", "approve", "reviewer-1")
          : decisionRecord("c1", "deny", "reviewer-2");
      for (const journal of [holder, reviewer]) {
        const decisions = (await journal.read(batchId)).filter((record) => record.t === "decision");
        checkJsonEqual(
          decisions.filter((record) => record.callId === "c1"),
          [winner],
          "c1's decision",
        );
        check(
          decisions.some((record) => record.callId === "c2"),
          "c2's decision is stored",
        );
      }
      await lock.release();
    },
  ],
];
