/**
 * What a warning is about: a tool's schema (`downgrade`, `relax`, `budget`, `fallback`), a strict
 * structured-output schema that closed an object the schema left open (`close`, only from
 * `toProviderOutputSchema`), a replayed call (`thought-signature`), or a block of a tool result
 * (`content`).
 */
export type ProviderWarningKind =
  | "downgrade"
  | "relax"
  | "close"
  | "budget"
  | "fallback"
  | "thought-signature"
  | "content";

/** One thing an adapter changed or gave up on for a tool or a replayed call, for logs. */
export interface ToolProviderWarning {
  /** The canonical tool name (for `toProviderOutputSchema`, the `name` option). */
  readonly tool: string;
  readonly kind: Exclude<ProviderWarningKind, "content">;
  /** A one-line explanation for a human. */
  readonly detail: string;
}

/**
 * A block of a tool result that the dialect's documented format cannot carry, sent as a short
 * placeholder text instead (`[audio audio/wav, 5120 bytes, not sent: Anthropic tool results do not
 * carry audio]`): which call, which block, and why.
 */
export interface ContentDowngradedWarning {
  /** The canonical tool name of the result. */
  readonly tool: string;
  readonly kind: "content";
  readonly code: "CONTENT_DOWNGRADED";
  /** The `toolCallId` of the result the block belongs to. */
  readonly toolCallId: string;
  /** The block's index in the result's `content`. */
  readonly blockIndex: number;
  /** Why the block could not be sent, for a human. */
  readonly detail: string;
}

/** One thing an adapter changed or gave up on: switch on `kind`. */
export type ProviderWarning = ToolProviderWarning | ContentDowngradedWarning;
