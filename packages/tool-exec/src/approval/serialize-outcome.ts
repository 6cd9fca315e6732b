import {
  copyJsonValue,
  describeInvalidContentBlock,
  isInvalidContentBlock,
  readContentBlock,
  type ToolCall,
  type ToolContent,
  type ToolResult,
  type Usage,
} from "@toolwright/tool-core";
import type { DroppedResultField, SerializedOutcome } from "../model/suspended-batch";
import type { ToolCallApproval } from "../model/tool-call-approval";
import type { ToolCallErrorType } from "../model/tool-call-error-type";
import type { ToolCallOutcome } from "../model/tool-call-outcome";

/** An outcome as a state or a journal stores it: a `ToolCallOutcome`. */
export type StorableOutcome = ToolCallOutcome;

/**
 * A settled outcome as JSON for a `SuspendedBatch` (or a journal): content parts keep their known
 * fields (`type` and `text`, or `type`, `data` and `mimeType`); `details` and `structuredContent`
 * are copied with tool-core's JSON copier, and one that is not JSON (a class instance, a function,
 * a cycle) is stored as `null` and named in `dropped`; a `usage` that is not JSON is left out and
 * named there too; the outcome's own `dropped` (fields a worker or an earlier run dropped) stays in
 * the list. `isError` and `terminate` are kept only as `true`. Never throws for an outcome
 * whose content the executor accepted.
 */
export function serializeOutcome(outcome: StorableOutcome): SerializedOutcome {
  const { result } = outcome;
  // Fields dropped before this copy (a dispatched call's worker, an earlier run) stay named.
  const dropped: DroppedResultField[] = [...(outcome.dropped ?? [])];
  const stored: { -readonly [K in keyof ToolResult]: ToolResult[K] } = {
    content: result.content.map(copyContentPart),
  };
  if (result.details !== undefined) stored.details = copyOrDrop(result.details, "details", dropped);
  if (result.structuredContent !== undefined) {
    stored.structuredContent = copyOrDrop(result.structuredContent, "structuredContent", dropped);
  }
  if (result.usage !== undefined) {
    const usage = copyJsonValue(result.usage);
    if (usage.ok && isPlainObject(usage.value)) stored.usage = usage.value as Usage;
    else if (!dropped.includes("usage")) dropped.push("usage");
  }
  if (result.isError === true) stored.isError = true;
  if (result.terminate === true) stored.terminate = true;
  return {
    result: stored,
    isError: outcome.isError,
    ...(outcome.durationMs === undefined ? {} : { durationMs: outcome.durationMs }),
    ...(outcome.errorType === undefined ? {} : { errorType: outcome.errorType }),
    ...(outcome.approval === undefined ? {} : { approval: copyApproval(outcome.approval) }),
    ...(dropped.length === 0 ? {} : { dropped }),
  };
}

/** The outcome of a call settled in an earlier run, rebuilt from its stored form. */
export function restoreOutcome(toolCall: ToolCall, stored: SerializedOutcome): StorableOutcome {
  return {
    toolCall,
    result: stored.result,
    isError: stored.isError,
    ...(stored.durationMs === undefined ? {} : { durationMs: stored.durationMs }),
    ...(stored.errorType === undefined ? {} : { errorType: stored.errorType as ToolCallErrorType }),
    ...(stored.approval === undefined ? {} : { approval: stored.approval }),
    ...(stored.dropped === undefined ? {} : { dropped: stored.dropped }),
  };
}

function copyContentPart(part: ToolContent, index: number): ToolContent {
  // The executor already checked every block; reading it again copies it with its annotations.
  const copy = readContentBlock(part);
  return isInvalidContentBlock(copy)
    ? { type: "text", text: describeInvalidContentBlock(copy, index) }
    : copy;
}

function copyOrDrop(
  value: unknown,
  field: DroppedResultField,
  dropped: DroppedResultField[],
): unknown {
  const copied = copyJsonValue(value);
  if (copied.ok) return copied.value;
  if (!dropped.includes(field)) dropped.push(field);
  return null;
}

function copyApproval(approval: ToolCallApproval): ToolCallApproval {
  return {
    approvalId: approval.approvalId,
    decision: approval.decision,
    ...(approval.by === undefined ? {} : { by: approval.by }),
    ...(approval.message === undefined ? {} : { message: approval.message }),
  };
}

function isPlainObject(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
