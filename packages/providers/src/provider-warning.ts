/** What a warning is about. */
export type ProviderWarningKind =
  | "downgrade"
  | "relax"
  | "budget"
  | "fallback"
  | "thought-signature";

/** One thing an adapter changed or gave up on, for logs: which tool, what kind, what exactly. */
export interface ProviderWarning {
  /** The canonical tool name. */
  readonly tool: string;
  readonly kind: ProviderWarningKind;
  /** A one-line explanation for a human. */
  readonly detail: string;
}
