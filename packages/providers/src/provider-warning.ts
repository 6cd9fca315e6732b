/**
 * What a warning is about. `"close"` comes only from `toProviderOutputSchema`: a strict
 * structured-output schema closed an object the schema left open.
 */
export type ProviderWarningKind =
  | "downgrade"
  | "relax"
  | "close"
  | "budget"
  | "fallback"
  | "thought-signature";

/** One thing an adapter changed or gave up on, for logs: which tool, what kind, what exactly. */
export interface ProviderWarning {
  /** The canonical tool name (for `toProviderOutputSchema`, the `name` option). */
  readonly tool: string;
  readonly kind: ProviderWarningKind;
  /** A one-line explanation for a human. */
  readonly detail: string;
}
