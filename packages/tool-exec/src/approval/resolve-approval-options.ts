import { ToolBatchError } from "../model/tool-batch-error";
import type { BatchNeedsApproval, ToolApprovalDecider } from "./tool-approval-options";

/** The approval options of one run, checked once: what step 5a, suspension and resume read. */
export interface ResolvedApprovalOptions {
  readonly needsApproval: BatchNeedsApproval<unknown> | undefined;
  readonly decide: ToolApprovalDecider | undefined;
  /** Whole milliseconds, or `undefined`: requests never expire. */
  readonly ttlMs: number | undefined;
  readonly stateSecret: string | Uint8Array | undefined;
  readonly now: () => number;
}

/** Dates outside ±8.64e15 ms cannot be written as ISO-8601. */
export const MAX_TIME_MS = 8.64e15;

const DEFAULTS: ResolvedApprovalOptions = Object.freeze({
  needsApproval: undefined,
  decide: undefined,
  ttlMs: undefined,
  stateSecret: undefined,
  now: Date.now,
});

/**
 * Checks a run's `approval` option (absent: the defaults, so tools' own `needsApproval` still
 * applies). Throws `ToolBatchError` `INVALID_ARGUMENT` naming the field for a non-function
 * `needsApproval`/`decide`/`now`, a `ttlMs` that is not a number ≥ 0, or an empty or non-string,
 * non-`Uint8Array` `stateSecret` (HMAC needs a key).
 */
export function resolveApprovalOptions(approval: unknown): ResolvedApprovalOptions {
  if (approval === undefined) return DEFAULTS;
  if (typeof approval !== "object" || approval === null) {
    throw invalid(
      `approval must be an object, got ${approval === null ? "null" : typeof approval}`,
    );
  }
  let fields: Record<string, unknown>;
  try {
    const { needsApproval, decide, ttlMs, stateSecret, now } = approval as Record<string, unknown>;
    fields = { needsApproval, decide, ttlMs, stateSecret, now };
  } catch (error) {
    throw invalid("approval could not be read", error);
  }
  const { needsApproval, decide, ttlMs, stateSecret, now } = fields;
  return {
    needsApproval: optionalFunction(
      needsApproval,
      "needsApproval",
    ) as ResolvedApprovalOptions["needsApproval"],
    decide: optionalFunction(decide, "decide") as ResolvedApprovalOptions["decide"],
    ttlMs: resolveTtl(ttlMs, "approval.ttlMs"),
    stateSecret: resolveSecret(stateSecret),
    now: (optionalFunction(now, "now") as (() => number) | undefined) ?? Date.now,
  };
}

/**
 * A ttl as whole milliseconds (fractions round up), `undefined` for none or `Infinity`. Throws
 * `ToolBatchError` `INVALID_ARGUMENT` naming `where` for anything but a number ≥ 0.
 */
export function resolveTtl(ttlMs: unknown, where: string): number | undefined {
  if (ttlMs === undefined || ttlMs === Number.POSITIVE_INFINITY) return undefined;
  if (typeof ttlMs !== "number" || !(ttlMs >= 0)) {
    throw invalid(`${where} must be a number >= 0, got ${String(ttlMs)}`);
  }
  return Math.ceil(ttlMs);
}

/**
 * The time from the approval clock in whole milliseconds. Throws `ToolBatchError`
 * `INVALID_ARGUMENT` when the clock throws or returns something that is not a finite time ISO-8601
 * can write.
 */
export function readApprovalClock(now: () => number): number {
  let time: unknown;
  try {
    time = now();
  } catch (error) {
    throw invalid("approval.now() threw", error);
  }
  if (typeof time !== "number" || !(Math.abs(time) <= MAX_TIME_MS)) {
    throw invalid(`approval.now() must return a finite time in milliseconds, got ${String(time)}`);
  }
  return Math.floor(time);
}

function optionalFunction(value: unknown, name: string): unknown {
  if (value === undefined || typeof value === "function") return value;
  throw invalid(
    `approval.${name} must be a function, got ${value === null ? "null" : typeof value}`,
  );
}

function resolveSecret(secret: unknown): string | Uint8Array | undefined {
  if (secret === undefined) return undefined;
  if ((typeof secret === "string" || secret instanceof Uint8Array) && secret.length > 0)
    return secret;
  throw invalid("approval.stateSecret must be a non-empty string or Uint8Array");
}

function invalid(message: string, cause?: unknown): ToolBatchError {
  return new ToolBatchError(
    "INVALID_ARGUMENT",
    message,
    cause === undefined ? undefined : { cause },
  );
}
