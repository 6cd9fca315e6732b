/**
 * What a tool spent, for tools that call models or paid services themselves (a sub-agent, a search
 * API). Every field is optional; absent means unknown, not zero.
 */
export interface Usage {
  readonly inputTokens?: number | undefined;
  readonly outputTokens?: number | undefined;
  readonly cacheReadTokens?: number | undefined;
  readonly cacheWriteTokens?: number | undefined;
  readonly totalTokens?: number | undefined;
  /** Cost in US dollars. */
  readonly costUsd?: number | undefined;
}
