// Contract cases: one holder per batch.
import { type ContractCaseBody, check, checkRejects } from "./contract-checks";
import { uniqueBatchId } from "./contract-records";

export const lockCases: ContractCaseBody[] = [
  [
    "should refuse a second lock on a batch with BATCH_LOCKED, and grant it after release",
    async (open) => {
      const journal = await open();
      const batchId = uniqueBatchId("lock");
      const first = await journal.lock(batchId, "owner-1");
      const refused = await checkRejects(
        journal.lock(batchId, "owner-2"),
        "BATCH_LOCKED",
        "second lock",
      );
      check(refused.message.includes(batchId), `the error names the batch: ${refused.message}`);
      const other = await journal.lock(uniqueBatchId("other"), "owner-2");
      await first.release();
      await first.release();
      const second = await journal.lock(batchId, "owner-2");
      await checkRejects(
        journal.lock(batchId, "owner-1"),
        "BATCH_LOCKED",
        "lock while owner-2 holds it",
      );
      await first.release();
      await checkRejects(
        journal.lock(batchId, "owner-1"),
        "BATCH_LOCKED",
        "a stale release freed nothing",
      );
      await second.release();
      await other.release();
    },
  ],
  [
    "should let two lockers race for one batch with exactly one winner",
    async (open) => {
      const journal = await open();
      const batchId = uniqueBatchId("lock-race");
      const attempts = await Promise.allSettled(
        Array.from({ length: 6 }, (_, index) => journal.lock(batchId, `owner-${index}`)),
      );
      const won = attempts.filter((attempt) => attempt.status === "fulfilled");
      check(won.length === 1, `exactly one lock granted, got ${won.length}`);
      for (const attempt of attempts) {
        if (attempt.status === "rejected") {
          await checkRejects(Promise.reject(attempt.reason), "BATCH_LOCKED", "a losing locker");
        }
      }
      await (won[0] as PromiseFulfilledResult<{ release(): Promise<void> }>).value.release();
    },
  ],
  [
    "should reject calls after close",
    async (open) => {
      const journal = await open();
      await journal.close();
      let rejected = false;
      await journal.read(uniqueBatchId("closed")).catch(() => {
        rejected = true;
      });
      check(rejected, "read after close rejects");
    },
  ],
];
