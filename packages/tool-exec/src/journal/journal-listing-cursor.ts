// A listing cursor: the position of the last item of a page, as opaque base64url JSON, tagged
// with its listing so that a batch cursor is never taken for an approval cursor. Items are
// ordered by a time and then by ids, so a position is that time and those ids.
import { decodeBase64url, encodeBase64url } from "../approval/base64url";

/** Which listing a cursor belongs to, and how many strings its position has. */
const POSITION_LENGTH = { batches: 2, approvals: 3 } as const;

/** A listing a cursor can belong to. */
export type JournalListingKind = keyof typeof POSITION_LENGTH;

/** The cursor for the position `[time, ...ids]` in the `kind` listing. */
export function encodeJournalCursor(kind: JournalListingKind, position: readonly string[]): string {
  return encodeBase64url(new TextEncoder().encode(JSON.stringify([kind, ...position])));
}

/** The position a cursor holds, or `undefined` when it is not a cursor of the `kind` listing. */
export function decodeJournalCursor(
  kind: JournalListingKind,
  cursor: string,
): string[] | undefined {
  const bytes = decodeBase64url(cursor);
  if (bytes === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== POSITION_LENGTH[kind] + 1 ||
    parsed[0] !== kind ||
    !parsed.every((part) => typeof part === "string")
  ) {
    return undefined;
  }
  return parsed.slice(1) as string[];
}
