import type { ToolCallOutcome } from "../model/tool-call-outcome";

/**
 * Receives the outcome of a call started without a promise of its own (`startPreparedCall`), with
 * the token the caller started it with — a function shared by every call of a batch, so that a
 * started call needs no closure of its own to be told it ended.
 *
 * **Contract:** must not throw; called once per call, and never while the start is still running
 * (an outcome known at once is returned instead).
 */
export type OutcomeCallback<TToken> = (token: TToken, outcome: ToolCallOutcome) => void;

/** The callback of a caller that wraps a start in a promise: the token is the promise's `resolve`. */
export function resolveWithOutcome(
  resolve: (outcome: ToolCallOutcome) => void,
  outcome: ToolCallOutcome,
): void {
  resolve(outcome);
}
