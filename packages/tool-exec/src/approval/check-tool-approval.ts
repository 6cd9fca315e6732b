import { copyJsonValue, type JsonObject, type JsonValue } from "@toolwright/tool-core";
import { describeThrown } from "../describe-thrown";
import { isPromiseLike } from "../maybe-async";
import type { ToolApprovalRequest } from "../model/tool-approval-request";
import { approvalFailedText, needsApprovalFailedText } from "./approval-texts";
import { defaultNeedsApproval } from "./default-needs-approval";
import { MAX_TIME_MS, readApprovalClock, resolveTtl } from "./resolve-approval-options";
import type {
  ToolApprovalCheckResult,
  ToolApprovalFailure,
  ToolApprovalInput,
} from "./tool-approval-step";

const NOT_NEEDED = Object.freeze({ type: "not_needed" as const });

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
    if (approval.needsApproval === undefined && tool.needsApproval === undefined) return NOT_NEEDED;
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
