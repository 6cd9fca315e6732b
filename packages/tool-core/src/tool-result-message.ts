import type { ToolContent } from "./content";
import type { Usage } from "./usage";

/**
 * The transcript message that pairs with one tool call. Carries no `structuredContent` and no
 * `terminate`: those are for the program, not for the model.
 */
export interface ToolResultMessage<TDetails = unknown> {
  /** Always `"toolResult"`: what marks this message as a tool's answer. */
  readonly role: "toolResult";
  /** The `id` of the `ToolCall` this message answers; providers pair results with calls by it. */
  readonly toolCallId: string;
  /** The name of the tool that was called, as the call gave it. */
  readonly toolName: string;
  /**
   * What the model sees: the tool's content blocks, after output truncation (or an error text when
   * the call failed).
   */
  readonly content: readonly ToolContent[];
  /**
   * The result's `details`, for the UI and logs; `undefined` when the tool set none. Provider
   * adapters never send it to the model.
   */
  readonly details: TDetails | undefined;
  /** What the tool spent (tokens, cost), when it said so; `undefined` otherwise. */
  readonly usage: Usage | undefined;
  /**
   * `true` when the call failed: invalid arguments, a blocked or denied call, a throw, a timeout,
   * an abort, or a result with `isError: true`.
   */
  readonly isError: boolean;
  /** Milliseconds `execute` ran, an integer; present only when `execute` ran. */
  readonly durationMs?: number | undefined;
  /** Milliseconds since the epoch when the message was made. */
  readonly timestamp: number;
}
