import { ToolBatchError } from "../model/tool-batch-error";

/** SPEC §11: a `replay: "safe"` call is run at most this many times by default. */
export const DEFAULT_MAX_ATTEMPTS = 3;

/**
 * The `maxAttempts` option: an integer ≥ 1, {@link DEFAULT_MAX_ATTEMPTS} when absent. Throws
 * `ToolBatchError` `INVALID_ARGUMENT` otherwise, before anything runs.
 */
export function resolveMaxAttempts(value: unknown): number {
  if (value === undefined) return DEFAULT_MAX_ATTEMPTS;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 1) return value;
  throw new ToolBatchError(
    "INVALID_ARGUMENT",
    `maxAttempts must be an integer >= 1, got ${String(value)}`,
  );
}
