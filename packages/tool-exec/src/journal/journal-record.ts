import type { JsonObject, JsonValue, ToolCall } from "@toolwright/tool-core";
import type { SerializedOutcome } from "../model/suspended-batch";

/**
 * One line of a batch's journal. Plain JSON: a journal stores it as it is and returns it
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
  /** Always `"batch"`. */
  readonly t: "batch";
  /** The record format's version, 1. */
  readonly v: 1;
  /** The batch's id; every record of the batch is stored under it. */
  readonly batchId: string;
  /** When the batch began, as an ISO-8601 time. */
  readonly at: string;
  /** How the batch runs its calls. */
  readonly mode: "parallel" | "sequential";
  /** The assistant message's tool calls, as the model wrote them, in source order. */
  readonly calls: readonly ToolCall[];
}

/** A call awaits a human decision. */
export interface ApprovalRecord {
  /** Always `"approval"`. */
  readonly t: "approval";
  /** The awaiting call's `ToolCall.id`. */
  readonly callId: string;
  /** The id a decision must name. */
  readonly approvalId: string;
  /** When approval was requested, as an ISO-8601 time. */
  readonly at: string;
  /** When the request expires, as an ISO-8601 time; absent when it never does. */
  readonly expiresAt?: string;
  /** Why the call needs a decision, for the person deciding. */
  readonly reason?: string;
  /** What the tool's `needsApproval` attached for the person deciding, as JSON. */
  readonly details?: JsonValue;
  /** The validated params the reviewer sees (the executor writes them; optional for readers). */
  readonly args?: JsonObject;
  /** The call's lock keys: after a reload, later calls overlapping them stay deferred. */
  readonly lockKeys?: readonly string[];
}

/** A human decided on a call's approval. The first decision of a call wins (`decide`). */
export interface DecisionRecord {
  /** Always `"decision"`. */
  readonly t: "decision";
  /** The decided call's `ToolCall.id`. */
  readonly callId: string;
  /** The request the decision answers. */
  readonly approvalId: string;
  /** What the person decided. */
  readonly decision: "approve" | "deny";
  /** A denial's message, passed on to the model. */
  readonly message?: string;
  /** Who decided, as the application names them. */
  readonly by?: string;
  /** When the decision was recorded, as an ISO-8601 time. */
  readonly at: string;
}

/** A resume left calls unsettled: the batch's state is now at `revision`. */
export interface RevisionRecord {
  /** Always `"revision"`. */
  readonly t: "revision";
  /** The state's new revision: one more than the one the resume started from. */
  readonly revision: number;
  /** When the resume wrote it, as an ISO-8601 time. */
  readonly at: string;
}

/**
 * The intent record: `execute` (or the dispatcher) is about to be called for the `attempt`-th
 * time. A `started` without a `settled` means the call may or may not have taken effect.
 */
export interface StartedRecord {
  /** Always `"started"`. */
  readonly t: "started";
  /** The call's `ToolCall.id`. */
  readonly callId: string;
  /** 1 for the first execution; more only when a `replay: "safe"` call runs again after a crash. */
  readonly attempt: number;
  /**
   * The tool's recovery policy: whether recovery may run the call again when its outcome is
   * unknown.
   */
  readonly replay: "never" | "safe";
  /** When the attempt began, as an ISO-8601 time. */
  readonly at: string;
  /** The dispatcher's key when the call runs remotely. */
  readonly dispatchKey?: string;
}

/** How recovery settled a call that was `started` but never `settled`. */
export type SettledRecovery = "interrupted" | "attempts_exhausted" | "adopted_remote";

/** A call's final outcome. The first settlement of a call wins (`settle`). */
export interface SettledRecord {
  /** Always `"settled"`. */
  readonly t: "settled";
  /** The call's `ToolCall.id`. */
  readonly callId: string;
  /** When the call settled, as an ISO-8601 time. */
  readonly at: string;
  /** The attempt that settled it, for a call that was started. */
  readonly attempt?: number;
  /** The call's outcome, as JSON. */
  readonly outcome: SerializedOutcome;
  /** How recovery settled it, when the call's run never reached its own settlement. */
  readonly recovery?: SettledRecovery;
  /** Set by a journal that cut the outcome's text to stay under its record size limit. */
  readonly truncatedRecord?: true;
}

/** Every call of the batch is settled; the batch is no longer open. */
export interface CompletedRecord {
  /** Always `"completed"`. */
  readonly t: "completed";
  /** When the batch completed, as an ISO-8601 time. */
  readonly at: string;
}
