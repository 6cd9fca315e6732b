/**
 * What a tool spent, for tools that call models or paid services themselves (a sub-agent, a search
 * API). Every field is optional; absent means unknown, not zero.
 */
export interface Usage {
  /** Tokens the tool's own model calls read. */
  readonly inputTokens?: number | undefined;
  /** Tokens the tool's own model calls wrote. */
  readonly outputTokens?: number | undefined;
  /** Input tokens served from a provider's prompt cache. */
  readonly cacheReadTokens?: number | undefined;
  /** Input tokens written to a provider's prompt cache. */
  readonly cacheWriteTokens?: number | undefined;
  /** All tokens, when the service reports a total of its own. */
  readonly totalTokens?: number | undefined;
  /** Cost in US dollars. */
  readonly costUsd?: number | undefined;
}
