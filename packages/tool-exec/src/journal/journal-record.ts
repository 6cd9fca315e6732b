import type { JsonObject, JsonValue, ToolCall } from "@toolwright/tool-core";
import type { SerializedOutcome } from "../approval/suspended-batch";

/**
 * One line of a batch's journal (SPEC §11). Plain JSON: a journal stores it as it is and returns it
 * unchanged from `read`. `at` is always an ISO-8601 time; `callId` is a `ToolCall.id` of the batch.
 */
export type JournalRecord =
  | BatchRecord
  | ApprovalRecord
  | DecisionRecord
  | RevisionRecord
  | StartedRecord
  | SettledRecord
  | CompletedRecord;

/** The first record of every batch: its calls as the model wrote them, in source order. */
export interface BatchRecord {
  readonly t: "batch";
  readonly v: 1;
  readonly batchId: string;
  readonly at: string;
  readonly mode: "parallel" | "sequential";
  readonly calls: readonly ToolCall[];
}

/** A call awaits a human decision. */
export interface ApprovalRecord {
  readonly t: "approval";
  readonly callId: string;
  readonly approvalId: string;
  readonly at: string;
  readonly expiresAt?: string;
  readonly reason?: string;
  readonly details?: JsonValue;
  /** The validated params the reviewer sees (the executor writes them; optional for readers). */
  readonly args?: JsonObject;
  /** The call's lock keys: after a reload, later calls overlapping them stay deferred. */
  readonly lockKeys?: readonly string[];
}

/** A human decided on a call's approval. The first decision of a call wins (`decide`). */
export interface DecisionRecord {
  readonly t: "decision";
  readonly callId: string;
  readonly approvalId: string;
  readonly decision: "approve" | "deny";
  readonly message?: string;
  readonly by?: string;
  readonly at: string;
}

/** A resume left calls unsettled: the batch's state is now at `revision`. */
export interface RevisionRecord {
  readonly t: "revision";
  readonly revision: number;
  readonly at: string;
}

/**
 * The intent record: `execute` (or the dispatcher) is about to be called for the `attempt`-th
 * time. A `started` without a `settled` means the call may or may not have taken effect.
 */
export interface StartedRecord {
  readonly t: "started";
  readonly callId: string;
  readonly attempt: number;
  readonly replay: "never" | "safe";
  readonly at: string;
  /** The dispatcher's key when the call runs remotely (SPEC §12). */
  readonly dispatchKey?: string;
}

/** How recovery settled a call that was `started` but never `settled`. */
export type SettledRecovery = "interrupted" | "attempts_exhausted" | "adopted_remote";

/** A call's final outcome. The first settlement of a call wins (`settle`). */
export interface SettledRecord {
  readonly t: "settled";
  readonly callId: string;
  readonly at: string;
  readonly attempt?: number;
  readonly outcome: SerializedOutcome;
  readonly recovery?: SettledRecovery;
  /** Set by a journal that cut the outcome's text to stay under its record size limit. */
  readonly truncatedRecord?: true;
}

/** Every call of the batch is settled; the batch is no longer open. */
export interface CompletedRecord {
  readonly t: "completed";
  readonly at: string;
}
