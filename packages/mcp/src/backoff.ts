/** A reconnect policy: the first delay, the cap, and how many attempts. */
export interface BackoffPolicy {
  readonly initialDelayMs: number;
  readonly maxDelayMs: number;
  readonly maxAttempts: number;
}

/** The policy used to re-listen when the mount has no reconnect policy of its own. */
export const DEFAULT_BACKOFF: BackoffPolicy = Object.freeze({
  initialDelayMs: 250,
  maxDelayMs: 10_000,
  maxAttempts: 5,
});

/**
 * The delay before attempt `attempt` (1-based): the initial delay doubled per attempt, capped,
 * then jittered into its upper half so that many clients of one server do not retry in step.
 */
export function backoffDelay(
  policy: BackoffPolicy,
  attempt: number,
  random: () => number = Math.random,
): number {
  const delay = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (attempt - 1));
  return delay / 2 + (random() * delay) / 2;
}
