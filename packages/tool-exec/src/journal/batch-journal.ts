/**
 * A batch's writes to its journal, while the batch holds the
 * journal's lock on it: `batch` before the first start event, `approval` before
 * `tool_approval_requested`, `decision` and `revision` before a resume runs anything, `started`
 * right before `execute`, `settled` before `tool_execution_end`, `completed` before the batch
 * resolves. A failed write other than `started` is kept, and the batch rejects with it once no call
 * is executing; a failed `started` stops the call from executing (its intent is not durable). After
 * a failed write the batch never writes `completed`: a call may lack its outcome, so the batch
 * stays open for `recoverToolBatch`. A journal failure reaches the caller as `ToolBatchError`
 * `JOURNAL_UNAVAILABLE` with the batch id and `batchStarted` (see `unavailable` below); the
 * journal's own verdicts (`BATCH_LOCKED`, `INVALID_ARGUMENT`, `JOURNAL_CORRUPT`) pass unchanged.
 */
import type { JsonObject, ToolCall } from "@toolwright/tool-core";
import type { PlannedDecision } from "../approval/plan-tool-batch-resume";
import { type StorableOutcome, serializeOutcome } from "../approval/serialize-outcome";
import type { ToolApprovalRequest } from "../model/tool-approval-request";
import { ToolBatchError } from "../model/tool-batch-error";
import type { ToolBatchMode } from "../model/tool-batch-mode";
import { isSameDecision } from "./is-same-decision";
import type { JournalRecord, SettledRecovery } from "./journal-record";
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
    let lock: JournalLock;
    try {
      lock = await journal.lock(batchId, owner);
    } catch (error) {
      if (ToolBatchError.isInstance(error)) throw error;
      throw new ToolBatchError(
        "JOURNAL_UNAVAILABLE",
        `The journal failed to lock batch ${batchId} (${describe(error)}); nothing ran and nothing was written: try again once the journal is back`,
        { cause: error, batchId, batchStarted: false },
      );
    }
    return new BatchJournal(journal, batchId, lock, now);
  }

  /**
   * The `batch` record; rejects when the journal refuses it. Nothing has run then, but a write that
   * fails may still be stored: the error says to recover (which rejects `INVALID_STATE` when the
   * journal has nothing of the batch, and only then may it run again).
   */
  begin(mode: ToolBatchMode, calls: readonly ToolCall[]): Promise<void> {
    return this.#append([{ t: "batch", v: 1, batchId: this.batchId, at: this.#at(), mode, calls }]);
  }

  /** Every record of the batch; rejects with `JOURNAL_UNAVAILABLE` when the journal fails. */
  read(): Promise<readonly JournalRecord[]> {
    return this.journal.read(this.batchId).catch((error: unknown) => {
      throw this.unavailable(error, "read");
    });
  }

  /**
   * A batch whose outcomes are known before it starts (a truncated message: nothing runs): its
   * `batch` record and every call's `settled` record in one append, so recovery never finds a call
   * of it unsettled and runs it. Rejects (the batch has not started) when the journal refuses them.
   */
  beginSettled(calls: readonly ToolCall[], outcomes: readonly StorableOutcome[]): Promise<void> {
    const at = this.#at();
    return this.#append([
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
    return this.#append([
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
      const record = {
        t: "decision",
        callId,
        approvalId: decision.approvalId,
        decision: decision.decision,
        ...(decision.decision === "deny" && decision.message !== undefined
          ? { message: decision.message }
          : {}),
        ...(decision.by === undefined ? {} : { by: decision.by }),
        at: this.#at(),
      } as const;
      const written = await this.journal.decide(this.batchId, record).catch((error: unknown) => {
        throw this.unavailable(error, "write a decision");
      });
      if (written === "duplicate") duplicates.push(planned);
    }
    if (duplicates.length === 0) return [];
    const journaled = readJournaledBatch(this.batchId, await this.read());
    return duplicates.flatMap(({ callId, decision }) => {
      const first = journaled.decisions.find((entry) => entry.callId === callId);
      return first !== undefined && isSameDecision(first, decision) ? [] : [decision.approvalId];
    });
  }

  /** A resume's or recovery's new `revision`, before anything runs; rejects on a failure. */
  revision(revision: number): Promise<void> {
    return this.#append([{ t: "revision", revision, at: this.#at() }]);
  }

  /** The intent record, right before `execute`; rejects when it is not durable. */
  started(callId: string, attempt: number, replay: "never" | "safe", dispatchKey?: string) {
    // Not wrapped: a failure here ends only this call, as a `journal_error` result.
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
        this.failure ??= { error: this.unavailable(error, "write the outcome of a call") };
      });
  }

  /**
   * Every call settled; never rejects (a failure is kept in `failure`). Not written after an
   * earlier write failed: a call may lack its outcome, and recovery must still find the batch open.
   */
  completed(): Promise<void> {
    if (this.failure !== undefined) return Promise.resolve();
    return this.journal
      .append(this.batchId, [{ t: "completed", at: this.#at() }])
      .then(ignore, (error: unknown) => {
        this.failure ??= { error: this.unavailable(error, "complete") };
      });
  }

  /**
   * A journal failure as `ToolBatchError` `JOURNAL_UNAVAILABLE` (`batchStarted: true`: the journal
   * may hold the batch, so it is to be recovered, never run again); the journal's own
   * `ToolBatchError`s are returned as they are.
   */
  unavailable(error: unknown, what: string): unknown {
    if (ToolBatchError.isInstance(error)) return error;
    return new ToolBatchError(
      "JOURNAL_UNAVAILABLE",
      `The journal failed to ${what} of batch ${this.batchId} (${describe(error)}); calls may have run and the batch is not complete: recover it with recoverToolBatch once the journal is back, never run it again`,
      { cause: error, batchId: this.batchId, batchStarted: true },
    );
  }

  /** Gives the batch up (suspended, completed or failed); never rejects. */
  release(): Promise<void> {
    return this.#lock.release().then(ignore, ignore);
  }

  #append(records: readonly JournalRecord[]): Promise<void> {
    return this.journal.append(this.batchId, records).catch((error: unknown) => {
      throw this.unavailable(error, `write a ${records[0]?.t} record`);
    });
  }

  #at(): string {
    return new Date(this.#now()).toISOString();
  }
}

function ignore(): void {}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
