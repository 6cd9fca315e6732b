/**
 * The validation phase of `resumeToolBatch`: all or nothing, before any event, hook or
 * `execute`. It reads the state and the decisions, checks every decision against the state (and a
 * journal's view, when there is one), reads the clock once, and says what happens to each call.
 * Nothing here runs a tool; the batch runner follows the plan.
 */
import type { JsonObject, ToolCall } from "@toolwright/tool-core";
import type { SuspendedApproval, SuspendedCall } from "../model/suspended-batch";
import type { ToolApprovalRequest } from "../model/tool-approval-request";
import { ToolBatchError } from "../model/tool-batch-error";
import type { ToolBatchMode } from "../model/tool-batch-mode";
import type { ToolCallApproval } from "../model/tool-call-approval";
import { approvalDeniedText, approvalExpiredText } from "./approval-texts";
import { readSuspendedBatch } from "./read-suspended-batch";
import { readToolApprovalDecisions } from "./read-tool-approval-decisions";
import { readApprovalClock, resolveApprovalOptions } from "./resolve-approval-options";
import { restoreOutcome, type StorableOutcome } from "./serialize-outcome";
import type { ToolApprovalDecision } from "./tool-approval-decision";
import type { ToolApprovalOptions } from "./tool-approval-options";

/** What a journal knows of the batch, for the journal's checks. */
export interface JournaledBatchView {
  /** The journal's revision for the batch. */
  readonly revision: number;
  /** Journaled decisions in journal order; the first per `approvalId` wins. */
  readonly decisions: readonly ToolApprovalDecision[];
}

/** Options of {@link planToolBatchResume}: the resume's `approval` option, and a journal's view. */
export interface PlanToolBatchResumeOptions {
  readonly approval?: Pick<ToolApprovalOptions<unknown>, "stateSecret" | "now"> | undefined;
  readonly journaled?: JournaledBatchView | undefined;
}

/** What happens to one call on resume. */
export type PlannedCall =
  /** Settled in an earlier run: carried over; its `tool_result` is rebuilt from it at the end. */
  | { readonly type: "settled"; readonly toolCall: ToolCall; readonly outcome: StorableOutcome }
  /** Expired at the resume's `now()` (a decision given for it, if any, is ignored). */
  | PlannedRefusal<"expired", "approval_expired">
  /** Denied now: ends with the denial text. */
  | PlannedRefusal<"denied", "approval_denied">
  /** Approved now: `tool_approval_resolved`, a start event with `resumed: true`, steps 1–5, execute. */
  | {
      readonly type: "approved";
      readonly toolCall: ToolCall;
      readonly request: ToolApprovalRequest;
      readonly resolution: ToolCallApproval;
    }
  /** Still waiting; its lock keys (from the first run) keep deferring later overlapping calls. */
  | {
      readonly type: "awaiting";
      readonly toolCall: ToolCall;
      readonly request: ToolApprovalRequest;
      readonly lockKeys: readonly string[] | undefined;
    }
  /** Not run yet: the whole preflight, step 5a included. */
  | { readonly type: "deferred"; readonly toolCall: ToolCall };

/** A call that approval ends on resume: its `tool_approval_resolved`, then its end event. */
export interface PlannedRefusal<TType extends string, TErrorType extends string> {
  readonly type: TType;
  readonly toolCall: ToolCall;
  readonly request: ToolApprovalRequest;
  /** The outcome's `approval` and the resolved event's payload. */
  readonly resolution: ToolCallApproval;
  readonly errorType: TErrorType;
  /** The error result's text. */
  readonly text: string;
}

/** The validated plan of one resume. */
export interface ToolBatchResumePlan {
  readonly batchId: string;
  /** The state's revision; a resume that leaves calls unsettled returns `revision + 1`. */
  readonly revision: number;
  /** The mode the remaining calls run in (the state's). */
  readonly mode: ToolBatchMode;
  readonly createdAt: string;
  /** The resume's `now()` in milliseconds, read once. */
  readonly now: number;
  /** One entry per call, in source order. */
  readonly calls: readonly PlannedCall[];
  /**
   * The decisions of this resume that the journal does not have yet, with the id of the call each
   * decides (a journal's `decision` record needs it), to append before anything runs, in source
   * order. Decisions for calls that expired are left out.
   */
  readonly newDecisions: readonly PlannedDecision[];
}

/** A decision to journal, and the call it decides. */
export interface PlannedDecision {
  readonly callId: string;
  readonly decision: ToolApprovalDecision;
}

/**
 * Validates `resumeToolBatch(state, decisions, options)`'s inputs and plans the resume. Rejects
 * with `ToolBatchError`, and nothing else: `INVALID_ARGUMENT` (the approval options),
 * `INVALID_STATE`, `UNSUPPORTED_STATE_VERSION`, `STATE_SIGNATURE_MISMATCH`, `INVALID_DECISION`,
 * `STALE_STATE` (journal), then per decision in order `UNKNOWN_APPROVAL`, `DUPLICATE_DECISION`,
 * `ALREADY_DECIDED`.
 */
export async function planToolBatchResume(
  state: unknown,
  decisions: unknown,
  options: PlanToolBatchResumeOptions = {},
): Promise<ToolBatchResumePlan> {
  const approval = resolveApprovalOptions(options.approval);
  const batch = await readSuspendedBatch(state, approval.stateSecret);
  const given = readToolApprovalDecisions(decisions);
  const journaled = options.journaled;
  if (journaled !== undefined && batch.revision < journaled.revision) {
    throw new ToolBatchError(
      "STALE_STATE",
      `Suspended batch ${batch.batchId} is at revision ${batch.revision}, but the journal is at ${journaled.revision}: load the newer state`,
    );
  }
  const journaledById = firstDecisions(journaled?.decisions ?? []);
  const decided = checkDecisions(batch.calls, given, journaledById);
  const now = readApprovalClock(approval.now);
  const calls = batch.calls.map((call) => planCall(call, batch.batchId, now, decided));
  const newDecisions: PlannedDecision[] = [];
  const givenById = new Map(given.map((decision) => [decision.approvalId, decision]));
  for (const call of calls) {
    if (call.type !== "approved" && call.type !== "denied") continue;
    const decision = givenById.get(call.resolution.approvalId);
    if (decision !== undefined && !journaledById.has(decision.approvalId)) {
      newDecisions.push({ callId: call.toolCall.id, decision });
    }
  }
  return {
    batchId: batch.batchId,
    revision: batch.revision,
    mode: batch.mode,
    createdAt: batch.createdAt,
    now,
    calls,
    newDecisions,
  };
}

/** Checks each decision against the state; returns the effective decision per pending approval. */
function checkDecisions(
  calls: readonly SuspendedCall[],
  given: readonly ToolApprovalDecision[],
  journaled: ReadonlyMap<string, ToolApprovalDecision>,
): Map<string, ToolApprovalDecision> {
  const pending = new Set<string>();
  const settled = new Map<string, string>();
  for (const call of calls) {
    if (call.status === "awaiting_approval") pending.add(call.approval.approvalId);
    else if (call.status === "settled" && call.outcome.approval !== undefined) {
      settled.set(call.outcome.approval.approvalId, call.toolCall.id);
    }
  }
  const decided = new Map<string, ToolApprovalDecision>();
  for (const [approvalId, decision] of journaled) {
    if (pending.has(approvalId)) decided.set(approvalId, decision);
  }
  const seen = new Set<string>();
  for (const decision of given) {
    const { approvalId } = decision;
    const quoted = JSON.stringify(approvalId);
    const settledCall = settled.get(approvalId);
    if (!pending.has(approvalId) && settledCall === undefined) {
      throw new ToolBatchError(
        "UNKNOWN_APPROVAL",
        `No call of this batch has approvalId ${quoted}`,
      );
    }
    if (seen.has(approvalId)) {
      throw new ToolBatchError("DUPLICATE_DECISION", `Two decisions for approvalId ${quoted}`);
    }
    seen.add(approvalId);
    if (settledCall !== undefined) {
      throw new ToolBatchError(
        "ALREADY_DECIDED",
        `Call ${JSON.stringify(settledCall)} (approvalId ${quoted}) is already settled`,
      );
    }
    const first = journaled.get(approvalId);
    if (first !== undefined && !sameDecision(first, decision)) {
      throw new ToolBatchError(
        "ALREADY_DECIDED",
        `approvalId ${quoted} already has a different journaled decision (${first.decision}); the first decision wins`,
      );
    }
    decided.set(approvalId, decision);
  }
  return decided;
}

function planCall(
  call: SuspendedCall,
  batchId: string,
  now: number,
  decided: ReadonlyMap<string, ToolApprovalDecision>,
): PlannedCall {
  const { toolCall } = call;
  if (call.status === "settled") {
    return { type: "settled", toolCall, outcome: restoreOutcome(toolCall, call.outcome) };
  }
  if (call.status === "deferred") return { type: "deferred", toolCall };
  const { approval } = call;
  const { approvalId } = approval;
  const request = toRequest(approval, batchId, toolCall);
  if (approval.expiresAt !== undefined) {
    const expiresAt = Date.parse(approval.expiresAt);
    if (now >= expiresAt) {
      return {
        type: "expired",
        toolCall,
        request,
        resolution: { approvalId, decision: "expire" },
        errorType: "approval_expired",
        text: approvalExpiredText(toolCall.name, expiresAt - Date.parse(approval.requestedAt)),
      };
    }
  }
  const decision = decided.get(approvalId);
  if (decision === undefined) {
    return { type: "awaiting", toolCall, request, lockKeys: approval.lockKeys };
  }
  const by = decision.by === undefined ? {} : { by: decision.by };
  if (decision.decision === "approve") {
    return {
      type: "approved",
      toolCall,
      request,
      resolution: { approvalId, decision: "approve", ...by },
    };
  }
  const message = decision.message === undefined ? {} : { message: decision.message };
  return {
    type: "denied",
    toolCall,
    request,
    resolution: { approvalId, decision: "deny", ...by, ...message },
    errorType: "approval_denied",
    text: approvalDeniedText(toolCall.name, decision.message),
  };
}

/** The request as the reviewer saw it; a state without `args` shows the raw arguments. */
function toRequest(
  approval: SuspendedApproval,
  batchId: string,
  toolCall: ToolCall,
): ToolApprovalRequest {
  return {
    approvalId: approval.approvalId,
    batchId,
    toolCall,
    args: approval.args ?? (toolCall.arguments as JsonObject),
    ...(approval.reason === undefined ? {} : { reason: approval.reason }),
    ...(approval.details === undefined ? {} : { details: approval.details }),
    requestedAt: approval.requestedAt,
    ...(approval.expiresAt === undefined ? {} : { expiresAt: approval.expiresAt }),
  };
}

function firstDecisions(
  decisions: readonly ToolApprovalDecision[],
): Map<string, ToolApprovalDecision> {
  const first = new Map<string, ToolApprovalDecision>();
  for (const decision of decisions) {
    if (!first.has(decision.approvalId)) first.set(decision.approvalId, decision);
  }
  return first;
}

function sameDecision(left: ToolApprovalDecision, right: ToolApprovalDecision): boolean {
  return (
    left.decision === right.decision &&
    left.by === right.by &&
    (left.decision === "deny" ? left.message : undefined) ===
      (right.decision === "deny" ? right.message : undefined)
  );
}
