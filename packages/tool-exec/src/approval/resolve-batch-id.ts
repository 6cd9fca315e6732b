import { ToolBatchError } from "../model/tool-batch-error";

/** What a `batchId` must match: it names journal files and queue jobs. */
export const BATCH_ID_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/;

/**
 * The batch's id: `batchId` when it matches {@link BATCH_ID_PATTERN}, a fresh
 * `crypto.randomUUID()` when absent. Throws `ToolBatchError` `INVALID_ARGUMENT` otherwise
 * (including `""`), before any event or hook.
 */
export function resolveBatchId(batchId: unknown): string {
  if (batchId === undefined) return crypto.randomUUID();
  if (typeof batchId === "string" && BATCH_ID_PATTERN.test(batchId)) return batchId;
  throw new ToolBatchError(
    "INVALID_ARGUMENT",
    `batchId must match ${String(BATCH_ID_PATTERN)}, got ${describeValue(batchId)}`,
  );
}

function describeValue(value: unknown): string {
  if (typeof value === "string")
    return JSON.stringify(value.length > 140 ? `${value.slice(0, 140)}…` : value);
  return value === null ? "null" : typeof value;
}
