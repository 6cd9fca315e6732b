import type { ToolCall, ToolResultMessage } from "@toolwright/tool-core";
import type { ToolRun } from "../call/tool-run";
import type { BatchJournal } from "../journal/batch-journal";
import type { ToolBatchMode } from "../model/tool-batch-mode";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import type { AwaitingBatchCall, UnsettledBatchCall } from "./batch-call";
import type { BatchEvents } from "./batch-events";

/** What a run of a batch is, besides its calls (see {@link BatchProgress}). */
export interface BatchSetup {
  readonly batchId: string;
  readonly run: ToolRun;
  readonly events: BatchEvents;
  /** The mode the calls run in (a resume keeps the state's). */
  readonly mode: ToolBatchMode;
  readonly maxConcurrency: number;
  /**
   * A sequential batch that cannot suspend emits each `tool_result` as its call settles, as it
   * always did; one that can holds them back (a suspended batch emits none) and emits all at the
   * end.
   */
  readonly streamResults: boolean;
  /** The `revision` a state written by this run gets: 0 at first, the state's + 1 on resume. */
  readonly revision: number;
  /** ISO-8601 time the batch first ran; `undefined` when it cannot suspend. */
  readonly createdAt: string | undefined;
  /** The batch's journal, holding its lock; `undefined` without the `journal` option. */
  readonly journal: BatchJournal | undefined;
}

/**
 * One run of a batch — a first run or a resume — while it runs: every call in source order and
 * where it stands. A call is unsettled (as it came in, approved, replayed, awaiting a human or
 * deferred behind one) until {@link settle} gives it its outcome; the runners (parallel,
 * sequential, the resume plan) move calls only through the transitions below, and
 * `finishToolBatch` then completes or suspends the batch.
 */
export class BatchProgress implements BatchSetup {
  readonly batchId: string;
  readonly run: ToolRun;
  readonly events: BatchEvents;
  readonly mode: ToolBatchMode;
  readonly maxConcurrency: number;
  readonly streamResults: boolean;
  readonly revision: number;
  readonly createdAt: string | undefined;
  readonly journal: BatchJournal | undefined;
  /** The messages made so far (all of them once the batch completes). */
  readonly messages: ToolResultMessage[] = [];
  /** Every call of the batch, in source order; only unsettled entries are read. */
  readonly #calls: UnsettledBatchCall[];
  /** A call is settled exactly when its entry is set. */
  readonly #outcomes: (ToolCallOutcome | undefined)[];

  /** `outcomes[index]`: the outcome of a call settled in an earlier run, else `undefined`. */
  constructor(
    setup: BatchSetup,
    calls: UnsettledBatchCall[],
    outcomes: (ToolCallOutcome | undefined)[],
  ) {
    this.batchId = setup.batchId;
    this.run = setup.run;
    this.events = setup.events;
    this.mode = setup.mode;
    this.maxConcurrency = setup.maxConcurrency;
    this.streamResults = setup.streamResults;
    this.revision = setup.revision;
    this.createdAt = setup.createdAt;
    this.journal = setup.journal;
    this.#calls = calls;
    this.#outcomes = outcomes;
  }

  /** How many calls the batch has. */
  get size(): number {
    return this.#calls.length;
  }

  /** The outcome of call `index`; `undefined` while it is unsettled. */
  outcomeAt(index: number): ToolCallOutcome | undefined {
    return this.#outcomes[index];
  }

  /** Where unsettled call `index` stands. */
  callAt(index: number): UnsettledBatchCall {
    return this.#calls[index] as UnsettledBatchCall;
  }

  /** Whether a call is still unsettled (awaiting, deferred, or never run). */
  hasUnsettledCall(): boolean {
    // Indexed: run once per batch, often still unoptimised, where `for…of` allocates an
    // iterator result per element.
    const outcomes = this.#outcomes;
    for (let index = 0; index < outcomes.length; index++) {
      if (outcomes[index] === undefined) return true;
    }
    return false;
  }

  /** Call `index` settled: `outcome` is the one it keeps. */
  settle(index: number, outcome: ToolCallOutcome): void {
    this.#outcomes[index] = outcome;
  }

  /** Call `index` is left awaiting a human (step 5a). */
  leaveAwaiting(index: number, call: AwaitingBatchCall): void {
    this.#calls[index] = call;
  }

  /** Call `index` waits behind an awaiting call: it runs on a resume, after its decision. */
  defer(index: number, toolCall: ToolCall): void {
    this.#calls[index] = { type: "deferred", toolCall };
  }

  /** Every call's outcome in source order; only once every call settled. */
  settledOutcomes(): ToolCallOutcome[] {
    return this.#outcomes as ToolCallOutcome[];
  }
}
