import type { ToolContent } from "./content";
import type { Usage } from "./usage";

/**
 * The transcript message that pairs with one tool call. Carries no `structuredContent` and no
 * `terminate`: those are for the program, not for the model.
 */
export interface ToolResultMessage<TDetails = unknown> {
  readonly role: "toolResult";
  readonly toolCallId: string;
  readonly toolName: string;
  readonly content: readonly ToolContent[];
  readonly details: TDetails | undefined;
  readonly usage: Usage | undefined;
  readonly isError: boolean;
  /** Milliseconds `execute` ran, an integer; present only when `execute` ran. */
  readonly durationMs?: number | undefined;
  /** Milliseconds since the epoch when the message was made. */
  readonly timestamp: number;
}
