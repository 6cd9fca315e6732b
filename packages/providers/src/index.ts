// The public API of @toolwright/providers: explicit named exports only.
export type { CompiledTool, RelaxedKeyword, SchemaProblem } from "./compiled-tool";
export type { ProviderDialect } from "./provider-dialect";
export type { ProviderErrorCode, ProviderErrorOptions } from "./provider-error";
export { ProviderError } from "./provider-error";
export type { ProviderToolOptions } from "./provider-tool-options";
export type { ProviderTools } from "./provider-tools";
export type {
  ProviderAssistantToolCalls,
  ProviderPayloads,
  ProviderRequestExtras,
  ProviderResponse,
  ProviderToolChange,
  ProviderToolEntry,
  ProviderToolResults,
} from "./provider-types";
export type { ProviderWarning, ProviderWarningKind } from "./provider-warning";
export { toProviderTools } from "./to-provider-tools";
export type { ProviderToolInput } from "./tool-input";
export type { ToolNameMapOptions } from "./tool-name-map";
export { ToolNameMap } from "./tool-name-map";
