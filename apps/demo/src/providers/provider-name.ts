import type { ProviderDialect } from "@toolwright/providers";

/** The providers `--provider` accepts. */
export type ProviderName = "openai" | "anthropic" | "gemini";

/** The names `--provider` accepts, for usage messages. */
export const providerNames: readonly ProviderName[] = ["openai", "anthropic", "gemini"];

/** The wire dialect the demo speaks for each provider (OpenAI: Chat Completions). */
export function dialectOf(provider: ProviderName): ProviderDialect {
  return provider === "openai" ? "openai-chat" : provider;
}
