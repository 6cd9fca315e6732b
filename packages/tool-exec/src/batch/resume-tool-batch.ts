/**
 * `resumeToolBatch` (SPEC §10): validation first — all or nothing, before any event, hook or
 * `execute` (`planToolBatchResume`) — then:
 *   1–3. expired and denied calls end, in source order: `tool_approval_resolved`, then
 *        `tool_execution_end`;
 *   4.   the rest run as a batch in the state's mode: approved calls go through steps 1–5 again
 *        with the tools and hooks given now, deferred calls through the whole preflight (step 5a
 *        included), awaiting calls keep waiting and keep deferring what overlaps them;
 *   5.   still unsettled → `suspended` with `revision + 1`; else `tool_result` for every call in
 *        source order and `complete`.
 */
import type { ToolCall, ToolResultMessage } from "@toolwright/tool-core";
import { type PlannedCall, planToolBatchResume } from "../approval/plan-tool-batch-resume";
import type { ResumeToolBatchOptions } from "../approval/resume-tool-batch-options";
import type { SuspendedBatch } from "../approval/suspended-batch";
import type { ToolApprovalDecision } from "../approval/tool-approval-decision";
import type { ToolBatchOutcome } from "../approval/tool-batch-outcome";
import { withApproval } from "../call/approve-tool-call";
import { settleCallWithError } from "../call/settle-call";
import type { ToolCallOutcome } from "../call/tool-call-outcome";
import type { UnsettledBatchCall } from "./batch-call";
import type { BatchEvents } from "./batch-events";
import type { BatchProgress } from "./batch-progress";
import type { ExecuteToolBatchOptions } from "./execute-tool-batch-options";
import { finishToolBatch } from "./finish-tool-batch";
import {
  createBatchEvents,
  createBatchRun,
  normalizeConcurrency,
  runBatchCalls,
} from "./run-tool-batch";

/**
 * Resumes a suspended batch with human decisions; see the file header. `state` is the JSON a
 * suspended result (or a journal) gave, as is or after any JSON round trip; `decisions` may cover
 * any subset of the pending approvals, in any order. Tools, hooks, seams and `context` are given
 * again in `options`; `approval.stateSecret` verifies the state and `approval.now` decides expiry.
 *
 * Rejects with `ToolBatchError` before anything runs for an invalid state or decision (see the
 * README's table of codes), with a `RangeError` for an invalid `maxConcurrency`, and afterwards only
 * for a failing `tool_result` or `tool_batch_suspended` listener. Without a journal, resuming the
 * same state twice runs its approved calls twice: store states with compare-and-set on
 * `(batchId, revision)`.
 */
export async function resumeToolBatch<TContext = unknown>(
  state: SuspendedBatch,
  decisions: readonly ToolApprovalDecision[],
  options: ResumeToolBatchOptions<TContext>,
): Promise<ToolBatchOutcome> {
  const batchOptions = options as ExecuteToolBatchOptions<unknown>;
  const maxConcurrency = normalizeConcurrency(options.maxConcurrency);
  const plan = await planToolBatchResume(state, decisions, { approval: options.approval });
  const events = createBatchEvents(batchOptions);
  const run = createBatchRun(batchOptions, events.queue, plan.batchId, undefined);
  const calls: UnsettledBatchCall[] = [];
  const outcomes: (ToolCallOutcome | undefined)[] = [];
  for (const planned of plan.calls) {
    calls.push(toUnsettledCall(planned));
    outcomes.push(planned.type === "settled" ? planned.outcome : undefined);
  }
  for (let index = 0; index < plan.calls.length; index++) {
    const planned = plan.calls[index] as PlannedCall;
    if (planned.type === "expired" || planned.type === "denied") {
      outcomes[index] = await refuseCall(planned, events.batchEvents);
    }
  }
  const batch: BatchProgress = {
    batchId: plan.batchId,
    run,
    events: events.batchEvents,
    mode: plan.mode,
    maxConcurrency,
    calls,
    outcomes,
    streamResults: false,
    messages: [] as ToolResultMessage[],
    revision: plan.revision + 1,
    createdAt: plan.createdAt,
  };
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
  events: BatchEvents,
): Promise<ToolCallOutcome> {
  const { toolCall, resolution } = planned;
  const failure = await events.resolved(toolCall, resolution);
  const outcome =
    failure ??
    withApproval(
      settleCallWithError(toolCall, undefined, planned.errorType, planned.text),
      resolution,
    );
  return events.end(outcome);
}
