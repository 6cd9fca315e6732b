// The checks every journal runs on a listing query before it lists, so that all of them accept
// and refuse the same queries with the same messages.
import { ToolBatchError } from "../model/tool-batch-error";
import type { JournalApprovalQuery } from "./journal-approval-listing";
import type { JournalBatchQuery, JournalBatchState } from "./journal-batch-listing";
import { decodeJournalCursor, type JournalListingKind } from "./journal-listing-cursor";

/** Default page size of both listings. */
export const DEFAULT_JOURNAL_PAGE_SIZE = 50;
/** Largest page size of both listings. */
export const MAX_JOURNAL_PAGE_SIZE = 500;

const BATCH_STATES: readonly JournalBatchState[] = ["open", "suspended", "completed", "failed"];

/** A {@link JournalBatchQuery} checked, with times as ISO-8601 and the cursor decoded. */
export interface ResolvedJournalBatchQuery {
  readonly state: JournalBatchState | undefined;
  readonly toolName: string | undefined;
  /** Inclusive lower bound of the `batch` record's `at`. */
  readonly since: string | undefined;
  /** Exclusive upper bound of the `batch` record's `at`. */
  readonly until: string | undefined;
  readonly limit: number;
  /** The page starts strictly after this position (older `at`, or the same `at` and a lower id). */
  readonly after: { readonly at: string; readonly batchId: string } | undefined;
}

/** A {@link JournalApprovalQuery} checked, with the cursor decoded. */
export interface ResolvedJournalApprovalQuery {
  readonly limit: number;
  /** The page starts strictly after this position (in `requestedAt`, batch id, call id order). */
  readonly after:
    | { readonly requestedAt: string; readonly batchId: string; readonly callId: string }
    | undefined;
}

function refuse(message: string): never {
  throw new ToolBatchError("INVALID_ARGUMENT", `Journal listing: ${message}`);
}

function readObject(query: unknown): Readonly<Record<string, unknown>> {
  if (query === undefined) return {};
  if (typeof query !== "object" || query === null || Array.isArray(query))
    refuse("the query must be an object");
  return query as Readonly<Record<string, unknown>>;
}

function readLimit(limit: unknown): number {
  if (limit === undefined) return DEFAULT_JOURNAL_PAGE_SIZE;
  if (
    !Number.isSafeInteger(limit) ||
    (limit as number) < 1 ||
    (limit as number) > MAX_JOURNAL_PAGE_SIZE
  )
    refuse(`limit must be an integer from 1 to ${MAX_JOURNAL_PAGE_SIZE}, got ${String(limit)}`);
  return limit as number;
}

function readTime(name: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const time =
    value instanceof Date
      ? value.getTime()
      : typeof value === "string"
        ? Date.parse(value)
        : Number.NaN;
  if (!Number.isFinite(time))
    refuse(
      `${name} must be an ISO-8601 time or a Date, got ${JSON.stringify(String(value)).slice(0, 80)}`,
    );
  return new Date(time).toISOString();
}

function readCursor(kind: JournalListingKind, cursor: unknown): string[] | undefined {
  if (cursor === undefined) return undefined;
  const position = typeof cursor === "string" ? decodeJournalCursor(kind, cursor) : undefined;
  if (position === undefined) refuse(`cursor is not one this listing of ${kind} returned`);
  return position;
}

/**
 * Checks a {@link JournalBatchQuery}, for journal implementations: throws `ToolBatchError`
 * `INVALID_ARGUMENT` naming the bad field (an unknown state, an empty tool name, a time that does
 * not parse, a limit outside 1–500, a cursor this listing did not return).
 */
export function readJournalBatchQuery(query: unknown): ResolvedJournalBatchQuery {
  const fields = readObject(query);
  const { state, toolName } = fields;
  if (state !== undefined && !BATCH_STATES.includes(state as JournalBatchState))
    refuse(`state must be one of ${BATCH_STATES.join(", ")}, got ${JSON.stringify(String(state))}`);
  if (toolName !== undefined && (typeof toolName !== "string" || toolName === ""))
    refuse("toolName must be a non-empty string");
  const position = readCursor("batches", fields.cursor);
  return {
    state: state as JournalBatchState | undefined,
    toolName: toolName as string | undefined,
    since: readTime("since", fields.since),
    until: readTime("until", fields.until),
    limit: readLimit(fields.limit),
    after: position === undefined ? undefined : { at: position[0]!, batchId: position[1]! },
  };
}

/**
 * Checks a {@link JournalApprovalQuery}, for journal implementations: throws `ToolBatchError`
 * `INVALID_ARGUMENT` for a limit outside 1–500 or a cursor this listing did not return.
 */
export function readJournalApprovalQuery(query: unknown): ResolvedJournalApprovalQuery {
  const fields = readObject(query);
  const position = readCursor("approvals", fields.cursor);
  return {
    limit: readLimit(fields.limit),
    after:
      position === undefined
        ? undefined
        : { requestedAt: position[0]!, batchId: position[1]!, callId: position[2]! },
  };
}
