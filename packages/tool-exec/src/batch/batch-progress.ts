import type { ToolResultMessage } from "@toolwright/tool-core";
import type { ToolRun } from "../call/tool-run";
import type { BatchJournal } from "../journal/batch-journal";
import type { ToolBatchMode } from "../model/tool-batch-mode";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import type { UnsettledBatchCall } from "./batch-call";
import type { BatchEvents } from "./batch-events";

/**
 * One run of a batch — a first run or a resume — while it runs. The runners (parallel, sequential)
 * write a call's outcome at its source position, or replace its entry in `calls` when it is left
 * awaiting or deferred; `finishToolBatch` then completes or suspends the batch. A call is settled
 * exactly when its `outcomes` entry is set.
 */
export interface BatchProgress {
  readonly batchId: string;
  readonly run: ToolRun;
  readonly events: BatchEvents;
  /** The mode the calls run in (a resume keeps the state's). */
  readonly mode: ToolBatchMode;
  readonly maxConcurrency: number;
  /** Every call of the batch, in source order; only unsettled entries are read. */
  readonly calls: UnsettledBatchCall[];
  readonly outcomes: (ToolCallOutcome | undefined)[];
  /**
   * A sequential batch that cannot suspend emits each `tool_result` as its call settles, as it
   * always did; one that can holds them back (a suspended batch emits none) and emits all at the
   * end.
   */
  readonly streamResults: boolean;
  /** The messages made so far (all of them once the batch completes). */
  readonly messages: ToolResultMessage[];
  /** The `revision` a state written by this run gets: 0 at first, the state's + 1 on resume. */
  readonly revision: number;
  /** ISO-8601 time the batch first ran; `undefined` when it cannot suspend. */
  readonly createdAt: string | undefined;
  /** The batch's journal, holding its lock; `undefined` without the `journal` option. */
  readonly journal: BatchJournal | undefined;
}
