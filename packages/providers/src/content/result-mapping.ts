import type { ProviderWarning } from "../provider-warning";

/** How `toProviderToolResults` maps a result's blocks, the same for every dialect. */
export interface ResultMapping {
  /** Leave out blocks whose `annotations.audience` lacks `"assistant"` (see `isForModel`). */
  readonly respectAudience: boolean;
  /** Told about each block sent as a placeholder; see `ToProviderToolResultsOptions.onWarning`. */
  readonly onWarning: (warning: ProviderWarning) => void;
  /** Chat Completions: media in one user message after the tool messages. */
  readonly mediaInUserMessage: boolean;
}
