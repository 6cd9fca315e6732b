/**
 * `recoverToolBatch`: finishes a batch from its journal after a crash. It takes the
 * batch's lock, reads its records and rebuilds every call:
 *
 *   settled                         → its recorded outcome; nothing runs, no event
 *   started, never settled          → `replay: "never"` (the default) or a tool no longer
 *                                     registered: the interrupted text; `replay: "safe"`: runs
 *                                     again with attempt = started records + 1 and the same
 *                                     idempotencyKey, unless `maxAttempts` started records exist
 *   approval without decision       → stays awaiting (the result may be `suspended` again)
 *   decision without started        → as in a resume: deny ends it, approve runs steps 1–5 again
 *   nothing                         → runs normally
 *
 * A started call with a `dispatchKey` asks `dispatcher.lookup` first: a completed remote
 * result is adopted (`recovery: "adopted_remote"`), a running job is awaited through
 * `dispatcher.execute` with the same key, an unknown one falls back to the replay policy; a
 * `lookup` that rejects makes the recovery reject (the batch stays open for the next attempt).
 *
 * A completed batch runs nothing: its settled outcomes are returned, and a call without one (only
 * in a journal written before journals refused such a `completed`) is reported interrupted.
 */

import { ToolRegistry } from "@toolwright/tool-core";
import { type PlannedCall, planToolBatchResume } from "../approval/plan-tool-batch-resume";
import { resolveBatchId } from "../approval/resolve-batch-id";
import { readReplay } from "../call/read-replay";
import { settleCallWithError } from "../call/settle-call";
import type { ToolDispatcher, ToolDispatchLookup } from "../dispatch/tool-dispatcher";
import { BatchJournal } from "../journal/batch-journal";
import { buildJournaledState } from "../journal/build-journaled-state";
import { interruptedText, interruptedTimesText } from "../journal/journal-texts";
import { type JournaledBatch, readJournaledBatch } from "../journal/read-journaled-batch";
import { resolveMaxAttempts } from "../journal/resolve-max-attempts";
import type { ToolCallJournal } from "../journal/tool-call-journal";
import type { ToolBatchOutcome } from "../model/tool-batch-outcome";
import type { ToolCallApproval } from "../model/tool-call-approval";
import { normalizeMaxMediaBytes } from "../output/limit-media";
import type { RemoteRecovery, ReplayedBatchCall } from "./batch-call";
import type { ExecuteToolBatchOptions } from "./execute-tool-batch-options";
import type { ResumeToolBatchOptions } from "./resume-tool-batch-options";
import { type RecoveredSettlement, type RecoveryOverrides, runResumePlan } from "./run-resume-plan";
import { normalizeConcurrency } from "./run-tool-batch";

/** Options of `recoverToolBatch`: those of `resumeToolBatch`, with the journal required. */
export interface RecoverToolBatchOptions<TContext = unknown>
  extends ResumeToolBatchOptions<TContext> {
  readonly journal: ToolCallJournal;
}

/**
 * Finishes the batch `batchId` from `options.journal` after a crash; see the file header. Events
 * follow a resume's: calls settled now get `tool_execution_end`, calls run again get a start event
 * with `resumed: true` (and `attempt`), and a completed batch emits `tool_result` for every call in
 * source order. Rejects with `ToolBatchError` `BATCH_LOCKED` while another process holds the batch,
 * `INVALID_STATE` for a batch the journal does not have, `INVALID_ARGUMENT` for a bad option.
 */
export async function recoverToolBatch<TContext = unknown>(
  batchId: string,
  options: RecoverToolBatchOptions<TContext>,
): Promise<ToolBatchOutcome> {
  const batchOptions = options as ExecuteToolBatchOptions<unknown>;
  const checkedId = resolveBatchId(batchId);
  const maxConcurrency = normalizeConcurrency(options.maxConcurrency);
  normalizeMaxMediaBytes(options.maxMediaBytes);
  const maxAttempts = resolveMaxAttempts(options.maxAttempts);
  const journal = await BatchJournal.open(options.journal, checkedId, "recoverToolBatch");
  try {
    const journaled = readJournaledBatch(checkedId, await journal.read());
    const state = await buildJournaledState(journaled, "defer");
    const plan = await planToolBatchResume(state, [], {
      ...(options.approval?.now === undefined ? {} : { approval: { now: options.approval.now } }),
      journaled: { revision: journaled.revision, decisions: journaled.decisions },
    });
    if (journaled.completed) {
      // A completed batch runs nothing: a call without outcome there is reported interrupted.
      const interrupted = interruptUnsettledCalls(journaled, plan.calls);
      return await runResumePlan(plan, batchOptions, maxConcurrency, undefined, interrupted);
    }
    const overrides = await planRecovery(journaled, batchOptions, maxAttempts);
    await journal.revision(plan.revision + 1);
    return await runResumePlan(plan, batchOptions, maxConcurrency, journal, overrides);
  } finally {
    await journal.release();
  }
}

/**
 * The replay policy for every call that was started but never settled; a dispatched one asks the
 * dispatcher's `lookup` first: a remote result is adopted, a running job awaited, and
 * an unknown key falls back to the policy.
 */
async function planRecovery(
  journaled: JournaledBatch,
  options: ExecuteToolBatchOptions<unknown>,
  maxAttempts: number,
): Promise<RecoveryOverrides> {
  const registry = ToolRegistry.from(options.tools);
  const settled = new Map<string, RecoveredSettlement>();
  const replayed = new Map<string, ReplayedBatchCall>();
  for (const toolCall of journaled.batch.calls) {
    const started = journaled.started.get(toolCall.id);
    if (started === undefined || journaled.settled.has(toolCall.id)) continue;
    const attempts = started.length;
    const approval = findApproval(journaled, toolCall.id);
    const tool = registry.get(toolCall.name);
    // A tool that is gone cannot say its policy: it counts as `never` (SPEC §15).
    const replay = tool === undefined ? "never" : readReplay(tool);
    const dispatchKey = started.at(-1)?.dispatchKey;
    if (tool !== undefined && dispatchKey !== undefined) {
      const remote = await lookUpRemote(options.dispatcher, dispatchKey);
      if (remote !== undefined) {
        replayed.set(toolCall.id, {
          type: "replayed",
          toolCall,
          attempt: attempts,
          approval,
          remote,
        });
        continue;
      }
    }
    if (replay === "safe" && attempts < maxAttempts) {
      replayed.set(toolCall.id, { type: "replayed", toolCall, attempt: attempts + 1, approval });
      continue;
    }
    const exhausted = replay === "safe";
    const text = exhausted
      ? interruptedTimesText(toolCall.name, attempts)
      : interruptedText(toolCall.name);
    const base = settleCallWithError(toolCall, undefined, "interrupted", text);
    const outcome = approval === undefined ? base : { ...base, approval };
    settled.set(toolCall.id, {
      outcome,
      attempt: attempts,
      recovery: exhausted ? "attempts_exhausted" : "interrupted",
    });
  }
  return { settled, replayed };
}

/**
 * A completed batch's calls that would otherwise run (approved, awaiting or deferred — a journal
 * written before journals refused `completed` over an unsettled call), settled as interrupted.
 */
function interruptUnsettledCalls(
  journaled: JournaledBatch,
  calls: readonly PlannedCall[],
): RecoveryOverrides {
  const settled = new Map<string, RecoveredSettlement>();
  for (const { type, toolCall } of calls) {
    if (type === "settled" || type === "expired" || type === "denied") continue;
    const approval = findApproval(journaled, toolCall.id);
    const base = settleCallWithError(
      toolCall,
      undefined,
      "interrupted",
      interruptedText(toolCall.name),
    );
    settled.set(toolCall.id, {
      outcome: approval === undefined ? base : { ...base, approval },
      attempt: journaled.started.get(toolCall.id)?.length ?? 0,
      recovery: "interrupted",
    });
  }
  return { settled, replayed: new Map() };
}

/**
 * What the dispatcher knows of a key: adopt, await, or `undefined` (use the replay policy).
 * Rejects when `lookup` does.
 */
async function lookUpRemote(
  dispatcher: ToolDispatcher | undefined,
  key: string,
): Promise<RemoteRecovery | undefined> {
  if (dispatcher?.lookup === undefined) return undefined;
  // A lookup that fails rejects the recovery and leaves the batch open: settling the call by the
  // replay policy could call a finished remote call interrupted forever.
  const found: ToolDispatchLookup = await dispatcher.lookup(key);
  if (found.status === "unknown") return undefined;
  if (found.status === "running") return { kind: "await" };
  return { kind: "adopt", result: found };
}

/** How approval resolved a call before it started: its journaled approval, if any. */
function findApproval(journaled: JournaledBatch, callId: string): ToolCallApproval | undefined {
  const decision = journaled.decisions.find((entry) => entry.callId === callId);
  if (decision === undefined || decision.decision !== "approve") return undefined;
  return {
    approvalId: decision.approvalId,
    decision: "approve",
    ...(decision.by === undefined ? {} : { by: decision.by }),
  };
}
