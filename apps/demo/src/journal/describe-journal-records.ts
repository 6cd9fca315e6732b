import type { JournalRecord } from "@toolwright/tool-exec";

/** One journal record as the demo shows it: its kind, and the call and attempt when it has them. */
export interface JournalRecordView {
  readonly t: JournalRecord["t"];
  readonly callId?: string;
  readonly attempt?: number;
  /** A settled record written by recovery: `interrupted`, `attempts_exhausted`, `adopted_remote`. */
  readonly recovery?: string;
  /** A settled record: whether the outcome is an error result. */
  readonly isError?: boolean;
}

/** The records of one batch, reduced to what a reader needs to follow the write points (SPEC §11). */
export function describeJournalRecords(records: readonly JournalRecord[]): JournalRecordView[] {
  return records.map((record) => {
    switch (record.t) {
      case "started":
        return { t: record.t, callId: record.callId, attempt: record.attempt };
      case "settled":
        return {
          t: record.t,
          callId: record.callId,
          isError: record.outcome.isError,
          ...(record.attempt === undefined ? {} : { attempt: record.attempt }),
          ...(record.recovery === undefined ? {} : { recovery: record.recovery }),
        };
      case "approval":
      case "decision":
        return { t: record.t, callId: record.callId };
      default:
        return { t: record.t };
    }
  });
}
