import type { ProviderTools } from "./provider-tools";

/** The text parts of a result as one string, joined with newlines. */
export function joinText(texts: readonly string[]): string {
  return texts.join("\n");
}

/** The provider name of a canonical tool name; a name the binding does not know stays as written. */
export function providerNameOf(name: string, tools: ProviderTools): string {
  return tools.compiled.get(name)?.providerName ?? name;
}
