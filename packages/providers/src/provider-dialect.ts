import { ProviderError } from "./provider-error";

/** The wire formats this package speaks. */
export type ProviderDialect = "openai-chat" | "openai-responses" | "anthropic" | "gemini";

const dialects: readonly string[] = ["openai-chat", "openai-responses", "anthropic", "gemini"];

/** Throws `ProviderError("INVALID_ARGUMENT")` unless `dialect` is one of {@link ProviderDialect}. */
export function assertProviderDialect(dialect: unknown): asserts dialect is ProviderDialect {
  if (typeof dialect !== "string" || !dialects.includes(dialect)) {
    throw new ProviderError(
      "INVALID_ARGUMENT",
      `Unknown provider dialect ${JSON.stringify(dialect) ?? String(dialect)}: expected one of ${dialects.join(", ")}`,
    );
  }
}
