import type { JournalRecord } from "@toolwright/tool-exec";

/** PostgreSQL text cannot hold U+0000: it becomes U+FFFD in the listing columns (never in `record`). */
export function toPostgresText(text: string): string {
  return text.replaceAll("\u0000", "\uFFFD");
}

/** The listing columns of one record (see migration 3), as the insert's parameters take them. */
export interface ListingColumns {
  readonly recordAt: string;
  readonly isError: boolean | null;
  /** The batch's tool names as a JSON array (no U+0000), for `batch` records. */
  readonly toolNames: string | null;
  /** A light copy as JSON text, for `batch` and `settled` records: what a summary reads. */
  readonly listing: string | null;
}

/** What the listings store of `record` besides the record itself. */
export function toListingColumns(record: JournalRecord): ListingColumns {
  const recordAt = toPostgresText(record.at);
  if (record.t === "batch") {
    const calls = record.calls.map((call) => ({
      type: "toolCall",
      id: call.id,
      name: call.name,
      arguments: {},
    }));
    return {
      recordAt,
      isError: null,
      toolNames: JSON.stringify(record.calls.map((call) => toPostgresText(call.name))),
      listing: JSON.stringify({ ...record, calls }),
    };
  }
  if (record.t === "settled") {
    const { outcome } = record;
    const light = {
      t: "settled",
      callId: record.callId,
      at: record.at,
      ...(record.recovery === undefined ? {} : { recovery: record.recovery }),
      outcome: {
        result: { content: [] },
        isError: outcome.isError,
        ...(outcome.errorType === undefined ? {} : { errorType: outcome.errorType }),
      },
    };
    return { recordAt, isError: outcome.isError, toolNames: null, listing: JSON.stringify(light) };
  }
  return { recordAt, isError: null, toolNames: null, listing: null };
}

/** The listing columns in an insert's column list, after `record`. */
export const LISTING_COLUMN_NAMES = "record_at, is_error, tool_names, listing";

/**
 * The listing columns' values in an insert's `select`, from `unnest` columns of the same names
 * (see {@link listingUnnestArguments}).
 */
export const LISTING_COLUMN_VALUES =
  "record_at, is_error, case when tool_names is null then null else array(select json_array_elements_text(tool_names::json)) end, listing::json";

/** The `unnest` arguments of the listing columns, from parameter `$first` on. */
export function listingUnnestArguments(first: number): string {
  return `$${first}::text[], $${first + 1}::boolean[], $${first + 2}::text[], $${first + 3}::text[]`;
}

/** The four parameters {@link listingUnnestArguments} names, for `records` in order. */
export function listingParameters(records: readonly JournalRecord[]): unknown[][] {
  const columns = records.map(toListingColumns);
  return [
    columns.map((column) => column.recordAt),
    columns.map((column) => column.isError),
    columns.map((column) => column.toolNames),
    columns.map((column) => column.listing),
  ];
}
