import { describe, expect, it } from "vitest";
import { ToolBatchError } from "../model/tool-batch-error";
import { checkJournalRecordOrder } from "./check-journal-record-order";
import type { JournalRecord } from "./journal-record";
import { validateJournalRecords } from "./validate-journal-records";

const at = "2026-12-01T14:00:00.000Z";
const batch: JournalRecord = { t: "batch", v: 1, batchId: "b1", at, mode: "sequential", calls: [] };
const started: JournalRecord = {
  t: "started",
  callId: "c1",
  attempt: 1,
  replay: "safe",
  at,
  dispatchKey: "b1:c1",
};

function thrown(run: () => unknown): ToolBatchError {
  try {
    run();
  } catch (error) {
    if (ToolBatchError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a ToolBatchError");
}

describe("validateJournalRecords", () => {
  it("should return JSON copies of valid records", () => {
    const copies = validateJournalRecords("b1", [batch, started]);
    expect(copies).toEqual([batch, started]);
    expect(copies[0]).not.toBe(batch);
  });

  it("should name the record's index and its problem", () => {
    const error = thrown(() =>
      validateJournalRecords("b1", [batch, { ...started, replay: "often" }]),
    );
    expect(error.code).toBe("INVALID_ARGUMENT");
    expect(error.message).toBe(
      "Journal record 1 for batch b1 is invalid: started record: bad replay",
    );
    const cyclic: Record<string, unknown> = { t: "completed", at };
    cyclic.self = cyclic;
    expect(thrown(() => validateJournalRecords("b1", [cyclic])).message).toMatch(
      /^Journal record 0 for batch b1 is invalid: not JSON at \/self/,
    );
  });
});

describe("checkJournalRecordOrder", () => {
  it("should return the status after the records", () => {
    expect(
      checkJournalRecordOrder("b1", [batch, started], { exists: false, completed: false }),
    ).toEqual({ exists: true, completed: false, unsettled: new Set([started.callId]) });
    expect(
      checkJournalRecordOrder("b1", [{ t: "completed", at }], { exists: true, completed: false }),
    ).toEqual({ exists: true, completed: true });
  });

  it("should accept `completed` once every started call is settled, and leave the given set alone", () => {
    const unsettled = new Set([started.callId]);
    const settled = {
      t: "settled",
      callId: started.callId,
      at,
      outcome: { result: { content: [] }, isError: false },
    } as const;
    const status = { exists: true, completed: false, unsettled };
    expect(checkJournalRecordOrder("b1", [settled, { t: "completed", at }], status)).toEqual({
      exists: true,
      completed: true,
      unsettled: new Set(),
    });
    expect(unsettled).toEqual(new Set([started.callId]));
    expect(() => checkJournalRecordOrder("b1", [{ t: "completed", at }], status)).toThrow(
      /was started and has no settled record/,
    );
  });

  it("should refuse records out of order, naming the record", () => {
    const cases: [JournalRecord[], { exists: boolean; completed: boolean }, string][] = [
      [
        [started],
        { exists: false, completed: false },
        "Journal record 0 for batch b1: unknown batch (its first record must be its batch record)",
      ],
      [
        [started, batch],
        { exists: true, completed: false },
        "Journal record 1 for batch b1: the batch already has its batch record",
      ],
      [
        [{ t: "completed", at }, started],
        { exists: true, completed: false },
        "Journal record 1 for batch b1: the batch is completed; nothing can be appended to it",
      ],
      [
        [started, { t: "completed", at }],
        { exists: true, completed: false },
        `Journal record 1 for batch b1: call ${started.callId} was started and has no settled record; a batch completes only once every started call is settled (recover it instead)`,
      ],
    ];
    for (const [records, status, message] of cases) {
      expect(thrown(() => checkJournalRecordOrder("b1", records, status)).message).toBe(message);
    }
  });
});
