/**
 * A batch's writes to its journal (SPEC §11, "When the executor writes"), while the batch holds the
 * journal's lock on it: `batch` before the first start event, `approval` before
 * `tool_approval_requested`, `decision` and `revision` before a resume runs anything, `started`
 * right before `execute`, `settled` before `tool_execution_end`, `completed` before the batch
 * resolves. A failed write other than `started` is kept, and the batch rejects with it once no call
 * is executing; a failed `started` stops the call from executing (its intent is not durable).
 */
import type { JsonObject, ToolCall } from "@toolwright/tool-core";
import type { PlannedDecision } from "../approval/plan-tool-batch-resume";
import { type StorableOutcome, serializeOutcome } from "../approval/serialize-outcome";
import type { ToolApprovalRequest } from "../approval/tool-approval-request";
import type { ToolBatchMode } from "../batch/execute-tool-batch-options";
import { isSameDecision } from "./is-same-decision";
import type { SettledRecovery } from "./journal-record";
import { readJournaledBatch } from "./read-journaled-batch";
import type { JournalLock, ToolCallJournal } from "./tool-call-journal";

/** The batch's journal and its lock; see the file header. */
export class BatchJournal {
  readonly journal: ToolCallJournal;
  readonly batchId: string;
  readonly #lock: JournalLock;
  readonly #now: () => number;
  /** The first write that failed; the batch rejects with it. */
  failure: { readonly error: unknown } | undefined = undefined;

  private constructor(
    journal: ToolCallJournal,
    batchId: string,
    lock: JournalLock,
    now: () => number,
  ) {
    this.journal = journal;
    this.batchId = batchId;
    this.#lock = lock;
    this.#now = now;
  }

  /** Takes the batch's lock (rejects with `BATCH_LOCKED` when another holder has it). */
  static async open(
    journal: ToolCallJournal,
    batchId: string,
    owner: string,
    now: () => number = Date.now,
  ): Promise<BatchJournal> {
    const lock = await journal.lock(batchId, owner);
    return new BatchJournal(journal, batchId, lock, now);
  }

  /** The `batch` record; rejects (the batch has not started) when the journal refuses it. */
  begin(mode: ToolBatchMode, calls: readonly ToolCall[]): Promise<void> {
    return this.journal.append(this.batchId, [
      { t: "batch", v: 1, batchId: this.batchId, at: this.#at(), mode, calls },
    ]);
  }

  /**
   * A batch whose outcomes are known before it starts (a truncated message: nothing runs): its
   * `batch` record and every call's `settled` record in one append, so recovery never finds a call
   * of it unsettled and runs it. Rejects (the batch has not started) when the journal refuses them.
   */
  beginSettled(calls: readonly ToolCall[], outcomes: readonly StorableOutcome[]): Promise<void> {
    const at = this.#at();
    return this.journal.append(this.batchId, [
      { t: "batch", v: 1, batchId: this.batchId, at, mode: "sequential", calls },
      ...outcomes.map((outcome) => ({
        t: "settled" as const,
        callId: outcome.toolCall.id,
        at,
        outcome: serializeOutcome(outcome),
      })),
    ]);
  }

  /** The `approval` record of a call that awaits a human, with its params and lock keys. */
  approval(request: ToolApprovalRequest, lockKeys: readonly string[] | undefined): Promise<void> {
    return this.journal.append(this.batchId, [
      {
        t: "approval",
        callId: request.toolCall.id,
        approvalId: request.approvalId,
        at: request.requestedAt,
        ...(request.expiresAt === undefined ? {} : { expiresAt: request.expiresAt }),
        ...(request.reason === undefined ? {} : { reason: request.reason }),
        ...(request.details === undefined ? {} : { details: request.details }),
        args: request.args as JsonObject,
        ...(lockKeys === undefined ? {} : { lockKeys: [...lockKeys] }),
      },
    ]);
  }

  /**
   * A resume's new decisions (the first decision of a call wins). Returns the approval ids another
   * process decided differently meanwhile; a decision already journaled identically counts as
   * written. Every decision is tried even after a conflict, so the journal ends the same whatever
   * the order (see "Decisions racing a resume" in the README). Rejects on a journal failure.
   */
  async decisions(decisions: readonly PlannedDecision[]): Promise<string[]> {
    const duplicates: PlannedDecision[] = [];
    for (const planned of decisions) {
      const { callId, decision } = planned;
      const written = await this.journal.decide(this.batchId, {
        t: "decision",
        callId,
        approvalId: decision.approvalId,
        decision: decision.decision,
        ...(decision.decision === "deny" && decision.message !== undefined
          ? { message: decision.message }
          : {}),
        ...(decision.by === undefined ? {} : { by: decision.by }),
        at: this.#at(),
      });
      if (written === "duplicate") duplicates.push(planned);
    }
    if (duplicates.length === 0) return [];
    const journaled = readJournaledBatch(this.batchId, await this.journal.read(this.batchId));
    return duplicates.flatMap(({ callId, decision }) => {
      const first = journaled.decisions.find((entry) => entry.callId === callId);
      return first !== undefined && isSameDecision(first, decision) ? [] : [decision.approvalId];
    });
  }

  /** A resume's or recovery's new `revision`, before anything runs; rejects on a failure. */
  revision(revision: number): Promise<void> {
    return this.journal.append(this.batchId, [{ t: "revision", revision, at: this.#at() }]);
  }

  /** The intent record, right before `execute`; rejects when it is not durable. */
  started(callId: string, attempt: number, replay: "never" | "safe", dispatchKey?: string) {
    return this.journal.append(this.batchId, [
      {
        t: "started",
        callId,
        attempt,
        replay,
        at: this.#at(),
        ...(dispatchKey === undefined ? {} : { dispatchKey }),
      },
    ]);
  }

  /** The call's final outcome; never rejects (a failure is kept in `failure`). */
  settled(outcome: StorableOutcome, attempt?: number, recovery?: SettledRecovery): Promise<void> {
    return this.journal
      .settle(this.batchId, {
        t: "settled",
        callId: outcome.toolCall.id,
        at: this.#at(),
        ...(attempt === undefined ? {} : { attempt }),
        outcome: serializeOutcome(outcome),
        ...(recovery === undefined ? {} : { recovery }),
      })
      .then(ignore, (error: unknown) => {
        this.failure ??= { error };
      });
  }

  /** Every call settled; never rejects (a failure is kept in `failure`). */
  completed(): Promise<void> {
    return this.journal
      .append(this.batchId, [{ t: "completed", at: this.#at() }])
      .then(ignore, (error: unknown) => {
        this.failure ??= { error };
      });
  }

  /** Gives the batch up (suspended, completed or failed); never rejects. */
  release(): Promise<void> {
    return this.#lock.release().then(ignore, ignore);
  }

  #at(): string {
    return new Date(this.#now()).toISOString();
  }
}

function ignore(): void {}
