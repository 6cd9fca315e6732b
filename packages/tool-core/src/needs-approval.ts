import type { JsonValue } from "./json-value";
import type { ToolCall } from "./tool-call";

/**
 * What a `needsApproval` check returns. Falsy (`false`, `undefined`): the call runs without asking.
 * `true` or an object: a human must decide before `execute`; the object adds what the reviewer sees.
 */
export type NeedsApproval =
  | boolean
  | undefined
  | {
      /** Shown to the reviewer, never to the model. */
      readonly reason?: string;
      /** Any JSON for the reviewer's UI. */
      readonly details?: JsonValue;
      /** Milliseconds until the request expires; overrides the batch's `approval.ttlMs` for this call. */
      readonly ttlMs?: number;
    };

/** The second argument of a tool's `needsApproval` function. */
export interface ApprovalCheckContext {
  /** The call as the model wrote it (arguments before validation). */
  readonly toolCall: ToolCall;
  /** The run's `context` option, passed through untouched. */
  readonly context: unknown;
  /** The run's signal; a slow check should stop when it aborts. */
  readonly signal: AbortSignal;
}
