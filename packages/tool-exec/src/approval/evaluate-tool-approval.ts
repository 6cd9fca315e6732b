/**
 * Step 5a of one call (SPEC §10), after `beforeToolCall` and the abort check:
 *   1. `approval.needsApproval` if given, else the tool's own `needsApproval`;
 *   2. if approval is needed, a request (id, times, a copy of the params) and, when the run gives
 *      `approval.decide`, its verdict;
 *   3. without a verdict, the call is awaiting approval.
 * Everything fails closed: a throw, a rejection or an unusable value ends the call as an error
 * result (`approval_error`), never runs it. Synchronous unless a callback returns a promise, so a
 * batch without approval pays one property read per call.
 */
import {
  copyJsonValue,
  type JsonObject,
  type JsonValue,
  type Tool,
  type ToolCall,
} from "@toolwright/tool-core";
import { describeThrown } from "../describe-thrown";
import { isPromiseLike } from "../is-promise-like";
import { approvalDeniedText, approvalFailedText, needsApprovalFailedText } from "./approval-texts";
import { defaultNeedsApproval } from "./default-needs-approval";
import {
  MAX_TIME_MS,
  type ResolvedApprovalOptions,
  readApprovalClock,
  resolveTtl,
} from "./resolve-approval-options";
import type { ToolApprovalRequest } from "./tool-approval-request";
import type { ToolCallApproval } from "./tool-call-approval";

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
export type ToolApprovalCheck =
  | { readonly type: "not_needed" }
  | { readonly type: "needed"; readonly request: ToolApprovalRequest }
  | ToolApprovalFailure;

const NOT_NEEDED = Object.freeze({ type: "not_needed" as const });

/**
 * Step 5a for one call. `onRequested` runs once a request exists and before `decide` (the batch
 * emits `tool_approval_requested` there, so a UI sees the request while `decide` waits); if it
 * throws or rejects, the call fails with the thrown message, as for any event listener. Returns a
 * promise only when a callback did.
 */
export function evaluateToolApproval(
  input: ToolApprovalInput,
  onRequested?: (request: ToolApprovalRequest) => void | PromiseLike<void>,
): ToolApprovalStep | Promise<ToolApprovalStep> {
  const checked = checkToolApproval(input);
  if (isPromiseLike(checked)) {
    return Promise.resolve(checked).then((check) => continueAfterCheck(input, check, onRequested));
  }
  return continueAfterCheck(input, checked, onRequested);
}

function continueAfterCheck(
  input: ToolApprovalInput,
  check: ToolApprovalCheck,
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

/** Step 5a's first half: evaluates `needsApproval` and, when needed, makes the request. */
export function checkToolApproval(
  input: ToolApprovalInput,
): ToolApprovalCheck | Promise<ToolApprovalCheck> {
  const { approval, tool } = input;
  if (approval.needsApproval === undefined && tool.needsApproval === undefined) return NOT_NEEDED;
  let needed: unknown;
  try {
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

/** Step 5a's second half: `approval.decide` on a request, or awaiting when there is none. */
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

function toCheck(input: ToolApprovalInput, needed: unknown): ToolApprovalCheck {
  if (!needed) return NOT_NEEDED;
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

function decideFailed(request: ToolApprovalRequest, message: string): ToolApprovalFailure {
  return { ...approvalFailed(request.toolCall.name, message), request };
}
