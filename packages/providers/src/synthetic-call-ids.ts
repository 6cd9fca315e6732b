// Gemini may leave a call's id out; we make one up, and must then leave it out of the result.
// The binding remembers the ids it made up, so `toProviderToolResults` needs only the results.
import type { ProviderTools } from "./provider-tools";

const madeUp = new WeakMap<ProviderTools, Set<string>>();

/** Remember that `id` was made up for a call read with `tools`. */
export function rememberSyntheticId(tools: ProviderTools, id: string): void {
  let ids = madeUp.get(tools);
  if (ids === undefined) {
    ids = new Set();
    madeUp.set(tools, ids);
  }
  ids.add(id);
}

/** The ids made up for calls read with `tools`. */
export function syntheticIdsOf(tools: ProviderTools): ReadonlySet<string> {
  return madeUp.get(tools) ?? new Set();
}
