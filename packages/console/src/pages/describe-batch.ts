import type { JournalBatchSummary, JournalCallState } from "@toolwright/tool-exec";

const CALL_STATE_LABELS: Readonly<Record<JournalCallState, string>> = {
  succeeded: "succeeded",
  failed: "failed",
  awaiting_approval: "awaiting approval",
  decided: "decided, not yet resumed",
  started: "started, no outcome",
  pending: "not started",
};

/** How a call state reads on a page. */
export function describeCallState(state: JournalCallState): string {
  return CALL_STATE_LABELS[state];
}

/** `3 calls: 2 succeeded, 1 awaiting approval`. */
export function describeCallCounts(batch: JournalBatchSummary): string {
  const counts = new Map<JournalCallState, number>();
  for (const call of batch.calls) counts.set(call.state, (counts.get(call.state) ?? 0) + 1);
  const parts = (Object.keys(CALL_STATE_LABELS) as JournalCallState[])
    .filter((state) => counts.has(state))
    .map((state) => `${counts.get(state)} ${CALL_STATE_LABELS[state]}`);
  const total = `${batch.calls.length} call${batch.calls.length === 1 ? "" : "s"}`;
  return parts.length === 0 ? total : `${total}: ${parts.join(", ")}`;
}

/** What a batch waits for, in a few words ("" when it waits for nothing). */
export function describeWaitingFor(batch: JournalBatchSummary): string {
  if (batch.problem !== undefined) return "someone to look at its journal file (it cannot be read)";
  const named = (state: JournalCallState) =>
    batch.calls
      .filter((call) => call.state === state)
      .map((call) => `${call.toolName} (${call.callId})`)
      .join(", ");
  switch (batch.state) {
    case "suspended": {
      const awaiting = named("awaiting_approval");
      if (awaiting !== "") return `a decision on ${awaiting}`;
      return "its application to resume it (the decisions are recorded)";
    }
    case "open": {
      const started = named("started");
      if (started !== "") return `${started} to finish, or recovery if its process died`;
      return "its next call to start";
    }
    default:
      return "";
  }
}
