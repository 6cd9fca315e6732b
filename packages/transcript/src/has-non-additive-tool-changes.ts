import { findNonAdditiveToolChanges } from "./find-non-additive-tool-changes";
import type { RoleMessage } from "./role-message";

/**
 * Whether a system message at `startIndex` or later removes a tool that is present or redeclares
 * a present name — a change a provider that can only add tools mid-conversation (`"additions"`)
 * cannot carry in place, so `resolveTranscriptTools` moves its fold point and the cached prefix
 * breaks once. Replays from the start so "present" is judged on the whole transcript; pass the
 * committed length as `startIndex` to ask about the pending messages only. Default `0`.
 */
export function hasNonAdditiveToolChanges(
  messages: readonly RoleMessage[],
  startIndex = 0,
): boolean {
  return findNonAdditiveToolChanges(messages).some((index) => index >= startIndex);
}
