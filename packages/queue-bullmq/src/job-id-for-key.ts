import { createHash } from "node:crypto";

/**
 * The BullMQ job id of a dispatched call: `tw-` and the first 32 characters of the base64url
 * SHA-256 of its idempotency key (35 characters in all). BullMQ refuses `:` in custom ids and a
 * call id is arbitrary text, so the key itself cannot be the id; 192 bits of the hash keep two keys
 * from meeting.
 *
 * @example
 * ```ts
 * jobIdForKey("batch-1:call_7"); // "tw-…" (35 characters)
 * ```
 */
export function jobIdForKey(key: string): string {
  return `tw-${createHash("sha256").update(key, "utf8").digest("base64url").slice(0, 32)}`;
}
