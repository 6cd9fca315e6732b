import type { CompiledTool } from "./compiled-tool";
import type { ProviderDialect } from "./provider-dialect";
import type { ProviderToolOptions } from "./provider-tool-options";
import type { ProviderRequestExtras, ProviderToolEntry } from "./provider-types";
import type { ProviderWarning } from "./provider-warning";
import type { ToolNameMap } from "./tool-name-map";

/** Tools compiled for one dialect: the request payload and the binding that maps answers back. */
export interface ProviderTools<D extends ProviderDialect = ProviderDialect> {
  readonly dialect: D;
  /** The request's `tools` (Gemini: one `{functionDeclarations: […]}` entry, or none). */
  readonly tools: readonly ProviderToolEntry<D>[];
  /** Other request fields: Anthropic `{betas}`, Gemini `{toolConfig?}`, `{}` otherwise. */
  readonly extras: ProviderRequestExtras<D>;
  readonly names: ToolNameMap;
  /** Every declaration this binding knows, by canonical name (history-only ones included). */
  readonly compiled: ReadonlyMap<string, CompiledTool>;
  /** One per downgrade, relaxed keyword, refused budget or fallback. */
  readonly warnings: readonly ProviderWarning[];
  /** The options this binding was made with; results and replays follow them. */
  readonly options: ProviderToolOptions;
}
