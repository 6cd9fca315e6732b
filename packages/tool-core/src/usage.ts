/**
 * What a tool spent, for tools that call models or paid services themselves (a sub-agent, a search
 * API). Every field is optional; absent means unknown, not zero.
 */
export interface Usage {
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  readonly cacheReadTokens?: number;
  readonly cacheWriteTokens?: number;
  readonly totalTokens?: number;
  /** Cost in US dollars. */
  readonly costUsd?: number;
}
