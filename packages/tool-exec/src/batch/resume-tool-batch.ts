import { planToolBatchResume } from "../approval/plan-tool-batch-resume";
import type { ToolApprovalDecision } from "../approval/tool-approval-decision";
import { BatchJournal } from "../journal/batch-journal";
import { readJournaledBatch } from "../journal/read-journaled-batch";
import { resolveMaxAttempts } from "../journal/resolve-max-attempts";
import type { SuspendedBatch } from "../model/suspended-batch";
import { ToolBatchError } from "../model/tool-batch-error";
import type { ToolBatchOutcome } from "../model/tool-batch-outcome";
import { normalizeMaxMediaBytes } from "../output/limit-media";
import type { ExecuteToolBatchOptions } from "./execute-tool-batch-options";
import type { ResumeToolBatchOptions } from "./resume-tool-batch-options";
import { runResumePlan } from "./run-resume-plan";
import { normalizeConcurrency } from "./run-tool-batch";

/**
 * Resumes a suspended batch with human decisions. `state` is the JSON a suspended result
 * (or `loadSuspendedToolBatch`) gave, as is or after any JSON round trip; `decisions` may cover any
 * subset of the pending approvals, in any order. Tools, hooks, seams and `context` are given again
 * in `options`; `approval.stateSecret` verifies the state and `approval.now` decides expiry.
 *
 * Validation is all or nothing and comes first: it rejects with `ToolBatchError` before any event,
 * hook, `execute` or journal write (see the README's table of codes), or with a `RangeError` for an
 * invalid `maxConcurrency`. Then expired and denied calls end, approved calls go through steps 1–5
 * again and execute, and the batch completes or suspends again with `revision + 1`. Afterwards it
 * rejects only for a failing `tool_result` or `tool_batch_suspended` listener, or a failed journal
 * write.
 *
 * Without a journal, resuming the same state twice runs its approved calls twice: store states
 * with compare-and-set on `(batchId, revision)`. With `journal`, the resume takes the batch's lock
 * (`BATCH_LOCKED`), refuses a state older than the journal (`STALE_STATE`) or a decision that
 * differs from a journaled one (`ALREADY_DECIDED`), applies every journaled decision, and writes
 * its own decisions and the new revision before anything runs. One exception to "a rejected resume
 * changed no journal": when another process journals a different decision on one of the calls
 * between this resume's read and its write, the resume rejects with `ALREADY_DECIDED` having run
 * nothing, emitted nothing and written no revision, but its other decisions stay journaled, as
 * if each had been sent with `submitToolDecision` (the journal cannot write several decisions
 * atomically). A decision journaled identically meanwhile is no conflict.
 */
export async function resumeToolBatch<TContext = unknown>(
  state: SuspendedBatch,
  decisions: readonly ToolApprovalDecision[],
  options: ResumeToolBatchOptions<TContext>,
): Promise<ToolBatchOutcome> {
  const batchOptions = options as ExecuteToolBatchOptions<unknown>;
  const maxConcurrency = normalizeConcurrency(options.maxConcurrency);
  normalizeMaxMediaBytes(options.maxMediaBytes);
  resolveMaxAttempts(options.maxAttempts);
  const approval = options.approval;
  const plan = await planToolBatchResume(state, decisions, { approval });
  if (options.journal === undefined) {
    return runResumePlan(plan, batchOptions, maxConcurrency, undefined);
  }
  const journal = await BatchJournal.open(options.journal, plan.batchId, "resumeToolBatch");
  try {
    const records = await journal.read();
    if (records.length === 0) {
      // A completed batch's records may be gone (the file journal deletes them by default).
      throw new ToolBatchError(
        "STALE_STATE",
        `The journal has no open batch ${plan.batchId}: it completed, or was never journaled`,
      );
    }
    const journaled = readJournaledBatch(plan.batchId, records);
    const view = { revision: journaled.revision, decisions: journaled.decisions };
    const checked = await planToolBatchResume(state, decisions, { approval, journaled: view });
    const conflicts = await journal.decisions(checked.newDecisions);
    if (conflicts.length > 0) {
      // Another process decided differently between our read and our write: the first decision
      // wins. Our other decisions stay journaled (README, "Decisions racing a resume").
      throw new ToolBatchError(
        "ALREADY_DECIDED",
        `approvalId ${JSON.stringify(conflicts[0])} was decided differently by someone else meanwhile; load the batch again (this resume's other decisions are journaled)`,
      );
    }
    await journal.revision(checked.revision + 1);
    return await runResumePlan(checked, batchOptions, maxConcurrency, journal);
  } finally {
    await journal.release();
  }
}
