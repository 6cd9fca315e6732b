/**
 * Step 5a, the whole of it, on a call that passed steps 1–5 and the abort check after
 * them:
 *   1. `approval.needsApproval` if given, else the tool's own `needsApproval` (`checkToolApproval`);
 *   2. if approval is needed, a request (id, times, a copy of the params), announced through
 *      `onRequested`, and — when the run gives `approval.decide` — its verdict
 *      (`decideToolApproval`);
 *   3. without a verdict, the call is awaiting approval.
 * Everything fails closed: a throw, a rejection or an unusable value ends the call as an error
 * result (`approval_error`), never runs it. Synchronous unless a callback returns a promise, so a
 * batch without approval pays one property read per call. A batch emits the request's event and
 * suspends for an awaiting call; a call outside a batch (`runToolCall`, a nested call through
 * `ToolRunnerSeam`) cannot suspend, so `resolveUnbatchedApproval` turns "awaiting" into an error
 * result.
 */
import {
  copyJsonValue,
  type JsonObject,
  type JsonValue,
  type Tool,
  type ToolCall,
} from "@toolwright/tool-core";
import {
  approvalDeniedText,
  approvalFailedText,
  needsApprovalFailedText,
  nestedApprovalText,
} from "../approval/approval-texts";
import { defaultNeedsApproval } from "../approval/default-needs-approval";
import {
  MAX_TIME_MS,
  type ResolvedApprovalOptions,
  readApprovalClock,
  resolveTtl,
} from "../approval/resolve-approval-options";
import { describeThrown } from "../describe-thrown";
import { isPromiseLike, type MaybePromise } from "../maybe-async";
import type { ToolApprovalRequest } from "../model/tool-approval-request";
import type { ToolCallApproval } from "../model/tool-call-approval";
import type { ToolCallOutcome } from "../model/tool-call-outcome";
import type { EndedCall, PreparedCall } from "./prepared-call";
import { settlePreparedCall } from "./settle-call";
import type { ToolRun } from "./tool-run";

/** One call at step 5a: a call that passed steps 1–5. */
export interface ToolApprovalInput {
  readonly batchId: string;
  readonly tool: Tool;
  readonly toolCall: ToolCall;
  /** The validated, coerced params. */
  readonly args: Readonly<Record<string, unknown>>;
  /** The run's `context` option. */
  readonly context: unknown;
  readonly signal: AbortSignal;
  readonly approval: ResolvedApprovalOptions;
}

/** The call ends as an error result: a callback failed. */
export interface ToolApprovalFailure {
  readonly type: "failed";
  readonly errorType: "approval_error";
  readonly text: string;
  /** Present when the request was made (and announced) before `decide` failed. */
  readonly request?: ToolApprovalRequest;
}

/** Where step 5a leaves a call. */
export type ToolApprovalStep =
  /** Runs without asking. */
  | { readonly type: "not_needed" }
  /** `decide` approved it: runs now; its outcome carries `resolution`. */
  | {
      readonly type: "approved";
      readonly request: ToolApprovalRequest;
      readonly resolution: ToolCallApproval;
    }
  /** `decide` denied it: ends with `text`. */
  | {
      readonly type: "denied";
      readonly request: ToolApprovalRequest;
      readonly resolution: ToolCallApproval;
      readonly errorType: "approval_denied";
      readonly text: string;
    }
  /** Waits for a human: the batch will suspend. */
  | { readonly type: "awaiting"; readonly request: ToolApprovalRequest }
  | ToolApprovalFailure;

/** Step 5a's first half: whether the call needs approval, and its request if it does. */
export type ToolApprovalCheckResult =
  | { readonly type: "not_needed" }
  | { readonly type: "needed"; readonly request: ToolApprovalRequest }
  | ToolApprovalFailure;

/** Where step 5a leaves a call that cannot suspend. */
export type UnbatchedApproval =
  | EndedCall
  /** Runs; its outcome carries `approval` when `decide` approved it. */
  | { readonly type: "run"; readonly approval: ToolCallApproval | undefined };

/**
 * Whether step 5a can ask for a human for a call of `tool`: a batch-level `needsApproval`, or the
 * tool's own. A tool whose `needsApproval` cannot be read counts (step 5a then fails it closed).
 * The common case — no `needsApproval` anywhere — is answered without building step 5a's input.
 */
export function mayNeedApproval(run: ToolRun, tool: Tool): boolean {
  if (run.approval.needsApproval !== undefined) return true;
  try {
    return tool.needsApproval !== undefined;
  } catch {
    return true;
  }
}

/**
 * Step 5a for `prepared` under the run's `approval` option. `onRequested` sees a request before
 * `decide` runs. Synchronous unless a callback returns a promise; never throws.
 */
export function approveToolCall(
  prepared: PreparedCall,
  run: ToolRun,
  onRequested: ((request: ToolApprovalRequest) => void | PromiseLike<void>) | undefined,
): MaybePromise<ToolApprovalStep> {
  return evaluateToolApproval(
    {
      batchId: run.batchId,
      tool: prepared.tool,
      toolCall: prepared.toolCall,
      args: prepared.args,
      context: run.context,
      signal: run.signalOrNever,
      approval: run.approval,
    },
    onRequested,
  );
}

/**
 * Step 5a's result for a call outside a batch: a verdict applies, and a call left awaiting ends as
 * `Tool <name> needs approval and cannot run as a nested call` (`approval_error`): it cannot
 * suspend its caller, and it must not run without a decision.
 */
export function resolveUnbatchedApproval(
  prepared: PreparedCall,
  step: ToolApprovalStep,
): UnbatchedApproval {
  switch (step.type) {
    case "not_needed":
      return { type: "run", approval: undefined };
    case "approved":
      return { type: "run", approval: step.resolution };
    case "denied":
      return endWithApproval(prepared, step.errorType, step.text, step.resolution);
    case "failed":
      return { type: "ended", outcome: settlePreparedCall(prepared, step.errorType, step.text) };
    default: {
      const text = nestedApprovalText(prepared.toolCall.name);
      return { type: "ended", outcome: settlePreparedCall(prepared, "approval_error", text) };
    }
  }
}

/** Ends a prepared call that approval refused, recording how it was resolved. */
function endWithApproval(
  prepared: PreparedCall,
  errorType: "approval_denied" | "approval_expired",
  text: string,
  approval: ToolCallApproval,
): EndedCall {
  return {
    type: "ended",
    outcome: withApproval(settlePreparedCall(prepared, errorType, text), approval),
  };
}

/** `outcome` with how approval resolved its call. */
export function withApproval(
  outcome: ToolCallOutcome,
  approval: ToolCallApproval,
): ToolCallOutcome {
  return { ...outcome, approval };
}

/**
 * Step 5a's evaluation for one call. `onRequested` runs once a request exists and before `decide` (the batch
 * emits `tool_approval_requested` there, so a UI sees the request while `decide` waits); if it
 * throws or rejects, the call fails with the thrown message, as for any event listener. Returns a
 * promise only when a callback did.
 */
export function evaluateToolApproval(
  input: ToolApprovalInput,
  onRequested?: (request: ToolApprovalRequest) => void | PromiseLike<void>,
): ToolApprovalStep | Promise<ToolApprovalStep> {
  const checked = checkToolApproval(input);
  // checkToolApproval returns a native promise when it is async; the common case returns here.
  if (checked instanceof Promise) {
    return checked.then((check) => continueAfterCheck(input, check, onRequested));
  }
  if (checked.type === "not_needed") return checked;
  return continueAfterCheck(input, checked, onRequested);
}

function continueAfterCheck(
  input: ToolApprovalInput,
  check: ToolApprovalCheckResult,
  onRequested: ((request: ToolApprovalRequest) => void | PromiseLike<void>) | undefined,
): ToolApprovalStep | Promise<ToolApprovalStep> {
  if (check.type !== "needed") return check;
  const { request } = check;
  let announced: unknown;
  try {
    announced = onRequested?.(request);
  } catch (error) {
    return announceFailed(request, error);
  }
  if (isPromiseLike(announced)) {
    return Promise.resolve(announced).then(
      () => decideToolApproval(request, input.approval, input.signal),
      (error: unknown) => announceFailed(request, error),
    );
  }
  return decideToolApproval(request, input.approval, input.signal);
}

/** An event listener failed on the request: like any listener failure, the call ends with its message. */
function announceFailed(request: ToolApprovalRequest, error: unknown): ToolApprovalFailure {
  return { type: "failed", errorType: "approval_error", text: describeThrown(error), request };
}

/**
 * Step 5a's first half: evaluates `approval.needsApproval` (else the tool's own) and, when approval
 * is needed, makes the request: a fresh `approvalId`, `requestedAt` and `expiresAt` from the
 * injected clock and the call's or the batch's ttl, a copy of the params. Fails closed on a throw,
 * a rejection or an unusable `reason`/`details`/`ttlMs`. Synchronous unless the check returned a
 * promise; one property read per call when no `needsApproval` is set anywhere.
 */
export function checkToolApproval(
  input: ToolApprovalInput,
): ToolApprovalCheckResult | Promise<ToolApprovalCheckResult> {
  const { approval, tool } = input;
  let needed: unknown;
  try {
    // Inside the try: a tool is application code, and its `needsApproval` may be a throwing getter.
    if (approval.needsApproval === undefined && tool.needsApproval === undefined)
      return { type: "not_needed" };
    const ctx = {
      tool,
      toolCall: input.toolCall,
      args: input.args,
      context: input.context,
      signal: input.signal,
    };
    needed =
      approval.needsApproval === undefined
        ? defaultNeedsApproval(ctx)
        : approval.needsApproval(ctx);
  } catch (error) {
    return needsApprovalFailed(input, describeThrown(error));
  }
  if (isPromiseLike(needed)) {
    return Promise.resolve(needed).then(
      (value) => toCheck(input, value),
      (error: unknown) => needsApprovalFailed(input, describeThrown(error)),
    );
  }
  return toCheck(input, needed);
}

function toCheck(input: ToolApprovalInput, needed: unknown): ToolApprovalCheckResult {
  if (!needed) return { type: "not_needed" };
  let reason: unknown;
  let details: unknown;
  let ttlMs: unknown;
  if (typeof needed === "object") {
    try {
      ({ reason, details, ttlMs } = needed as Record<string, unknown>);
    } catch (error) {
      return needsApprovalFailed(input, `its result could not be read: ${describeThrown(error)}`);
    }
  }
  if (reason !== undefined && typeof reason !== "string") {
    return needsApprovalFailed(input, "reason must be a string");
  }
  let ttl: number | undefined;
  try {
    ttl = ttlMs === undefined ? input.approval.ttlMs : resolveTtl(ttlMs, "ttlMs");
  } catch (error) {
    return needsApprovalFailed(input, describeThrown(error));
  }
  let storedDetails: JsonValue | undefined;
  if (details !== undefined) {
    const copied = copyJsonValue(details);
    if (!copied.ok) {
      const { path, reason: why } = copied.failure;
      return needsApprovalFailed(
        input,
        `details must be JSON: ${why}${path === "" ? "" : ` at ${path}`}`,
      );
    }
    storedDetails = copied.value as JsonValue;
  }
  const args = copyJsonValue(input.args);
  if (!args.ok) {
    return approvalFailed(input.toolCall.name, `its params are not JSON: ${args.failure.reason}`);
  }
  let requestedAt: number;
  try {
    requestedAt = readApprovalClock(input.approval.now);
  } catch (error) {
    return approvalFailed(input.toolCall.name, describeThrown(error));
  }
  const expiresAt = ttl === undefined ? undefined : requestedAt + ttl;
  const request: ToolApprovalRequest = {
    approvalId: crypto.randomUUID(),
    batchId: input.batchId,
    toolCall: input.toolCall,
    args: args.value as JsonObject,
    ...(reason === undefined ? {} : { reason: reason as string }),
    ...(storedDetails === undefined ? {} : { details: storedDetails }),
    requestedAt: new Date(requestedAt).toISOString(),
    ...(expiresAt === undefined || expiresAt > MAX_TIME_MS
      ? {}
      : { expiresAt: new Date(expiresAt).toISOString() }),
  };
  return { type: "needed", request };
}

function needsApprovalFailed(input: ToolApprovalInput, message: string): ToolApprovalFailure {
  return {
    type: "failed",
    errorType: "approval_error",
    text: needsApprovalFailedText(input.toolCall.name, message),
  };
}

function approvalFailed(name: string, message: string): ToolApprovalFailure {
  return { type: "failed", errorType: "approval_error", text: approvalFailedText(name, message) };
}

/**
 * Step 5a's second half: `approval.decide` on a request, or awaiting when the run has none. A
 * verdict approves or denies at once; `undefined` (or `null`) leaves the call awaiting. Fails
 * closed on a throw, a rejection or a value that is not a verdict.
 */
export function decideToolApproval(
  request: ToolApprovalRequest,
  approval: ResolvedApprovalOptions,
  signal: AbortSignal,
): ToolApprovalStep | Promise<ToolApprovalStep> {
  const { decide } = approval;
  if (decide === undefined) return { type: "awaiting", request };
  let verdict: unknown;
  try {
    verdict = decide(request, signal);
  } catch (error) {
    return decideFailed(request, describeThrown(error));
  }
  if (isPromiseLike(verdict)) {
    return Promise.resolve(verdict).then(
      (value) => applyVerdict(request, value),
      (error: unknown) => decideFailed(request, describeThrown(error)),
    );
  }
  return applyVerdict(request, verdict);
}

function applyVerdict(request: ToolApprovalRequest, verdict: unknown): ToolApprovalStep {
  if (verdict === undefined || verdict === null) return { type: "awaiting", request };
  let decision: unknown;
  let message: unknown;
  let by: unknown;
  try {
    if (typeof verdict !== "object") throw new TypeError("not an object");
    ({ decision, message, by } = verdict as Record<string, unknown>);
  } catch (error) {
    return decideFailed(request, `decide returned an unreadable verdict: ${describeThrown(error)}`);
  }
  if (by !== undefined && typeof by !== "string") {
    return decideFailed(request, "the verdict's by must be a string");
  }
  const byField = by === undefined ? {} : { by: by as string };
  const { approvalId } = request;
  if (decision === "approve") {
    return {
      type: "approved",
      request,
      resolution: { approvalId, decision: "approve", ...byField },
    };
  }
  if (decision !== "deny") {
    return decideFailed(request, 'the verdict\'s decision must be "approve" or "deny"');
  }
  if (message !== undefined && typeof message !== "string") {
    return decideFailed(request, "the verdict's message must be a string");
  }
  const messageField = message === undefined ? {} : { message: message as string };
  return {
    type: "denied",
    request,
    resolution: { approvalId, decision: "deny", ...byField, ...messageField },
    errorType: "approval_denied",
    text: approvalDeniedText(request.toolCall.name, message as string | undefined),
  };
}

function decideFailed(request: ToolApprovalRequest, message: string): ToolApprovalFailure {
  return {
    type: "failed",
    errorType: "approval_error",
    text: approvalFailedText(request.toolCall.name, message),
    request,
  };
}
