/**
 * Steps 1–5 of a resume over a validated plan — shared by `resumeToolBatch` and
 * `recoverToolBatch`:
 *   0.   (recovery) calls a crash interrupted are settled first, and `replay: "safe"` calls are
 *        queued to run again with their next attempt;
 *   1–3. expired and denied calls end, in source order: `tool_approval_resolved`, then
 *        `tool_execution_end`;
 *   4.   the rest run as a batch in the state's mode: approved calls go through steps 1–5 again
 *        with the tools and hooks given now, deferred calls through the whole preflight (step 5a
 *        included), awaiting calls keep waiting and keep deferring what overlaps them;
 *   5.   still unsettled → `suspended` with `revision + 1`; else `tool_result` for every call in
 *        source order and `complete`.
 */
import type { ToolCall } from "@toolwright/tool-core";
import type { PlannedCall, ToolBatchResumePlan } from "../approval/plan-tool-batch-resume";
import { withApproval } from "../call/approve-tool-call";
import { settleCallWithError } from "../call/settle-call";
import { traceUnpreparedEnding } from "../call/trace-tool-call";
import type { BatchJournal } from "../journal/batch-journal";
import type { SettledRecovery } from "../journal/journal-record";
import type { ToolBatchOutcome } from "../model/tool-batch-outcome";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import type { ReplayedBatchCall, UnsettledBatchCall } from "./batch-call";
import { BatchProgress } from "./batch-progress";
import type { ExecuteToolBatchOptions } from "./execute-tool-batch-options";
import { finishToolBatch } from "./finish-tool-batch";
import { createBatchEvents, createBatchRun, runBatchCalls } from "./run-tool-batch";
import { settleBatchCall } from "./settle-batch-call";

/** A call recovery settles without running it (SPEC §11's recovery table). */
export interface RecoveredSettlement {
  readonly outcome: ToolCallOutcome;
  readonly recovery: SettledRecovery;
  readonly attempt: number;
}

/** What recovery adds to a plan, by call id. */
export interface RecoveryOverrides {
  readonly settled: ReadonlyMap<string, RecoveredSettlement>;
  readonly replayed: ReadonlyMap<string, ReplayedBatchCall>;
}

/** Runs a resume plan; see the file header. The journal, if any, holds the batch's lock. */
export async function runResumePlan(
  plan: ToolBatchResumePlan,
  options: ExecuteToolBatchOptions<unknown>,
  maxConcurrency: number,
  journal: BatchJournal | undefined,
  overrides?: RecoveryOverrides,
): Promise<ToolBatchOutcome> {
  const events = createBatchEvents(options);
  const run = createBatchRun(options, events.queue, plan.batchId, undefined);
  const calls: UnsettledBatchCall[] = [];
  const outcomes: (ToolCallOutcome | undefined)[] = [];
  for (const planned of plan.calls) {
    calls.push(overrides?.replayed.get(planned.toolCall.id) ?? toUnsettledCall(planned));
    outcomes.push(planned.type === "settled" ? planned.outcome : undefined);
  }
  const setup = {
    batchId: plan.batchId,
    run,
    events: events.batchEvents,
    mode: plan.mode,
    maxConcurrency,
    streamResults: false,
    revision: plan.revision + 1,
    createdAt: plan.createdAt,
    journal,
  };
  const batch = new BatchProgress(setup, calls, outcomes);
  for (let index = 0; index < plan.calls.length; index++) {
    const planned = plan.calls[index] as PlannedCall;
    const recovered = overrides?.settled.get(planned.toolCall.id);
    if (recovered !== undefined) {
      const { outcome, attempt, recovery } = recovered;
      batch.settle(index, await settleBatchCall(batch, outcome, attempt, recovery));
    }
  }
  for (let index = 0; index < plan.calls.length; index++) {
    const planned = plan.calls[index] as PlannedCall;
    if (planned.type === "expired" || planned.type === "denied") {
      batch.settle(index, await refuseCall(planned, batch));
    }
  }
  await runBatchCalls(batch);
  return finishToolBatch(batch);
}

function toUnsettledCall(planned: PlannedCall): UnsettledBatchCall {
  switch (planned.type) {
    case "approved":
      return {
        type: "approved",
        toolCall: planned.toolCall,
        request: planned.request,
        resolution: planned.resolution,
      };
    case "awaiting":
      return {
        type: "awaiting",
        toolCall: planned.toolCall,
        request: planned.request,
        lockKeys: planned.lockKeys,
      };
    case "deferred":
      return { type: "deferred", toolCall: planned.toolCall };
    default:
      // Settled now or before: the entry is never read as unsettled.
      return planned.toolCall as ToolCall;
  }
}

/** Steps 1–3 for one expired or denied call: its resolved event, then its end event. */
async function refuseCall(
  planned: Extract<PlannedCall, { type: "expired" | "denied" }>,
  batch: BatchProgress,
): Promise<ToolCallOutcome> {
  const { toolCall, resolution } = planned;
  const failure = await batch.events.resolved(toolCall, resolution);
  const outcome =
    failure ??
    withApproval(
      settleCallWithError(toolCall, undefined, planned.errorType, planned.text),
      resolution,
    );
  traceUnpreparedEnding(outcome);
  return settleBatchCall(batch, outcome);
}
