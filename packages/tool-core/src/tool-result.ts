import type { ToolContent } from "./content";
import type { Usage } from "./usage";

/** What a tool returns. Only `content` reaches the model. */
export interface ToolResult<TDetails = unknown, TStructured = unknown> {
  /** What the model sees. */
  readonly content: readonly ToolContent[];
  /** For the UI and logs; never sent to the model. */
  readonly details?: TDetails | undefined;
  /** For programs: matches the tool's `outputSchema`; never sent to the model. */
  readonly structuredContent?: TStructured | undefined;
  /** What the tool spent. */
  readonly usage?: Usage | undefined;
  /** A failure that keeps its data. Only `=== true` counts. */
  readonly isError?: boolean | undefined;
  /** A hint to stop the agent after this batch. Only `=== true` counts, and only if every result of the batch says so. */
  readonly terminate?: boolean | undefined;
}

/** A partial result streamed by `ToolContext.onUpdate` while a tool runs. */
export interface ToolUpdate<TDetails = unknown> {
  /** What the tool has produced so far, for progress displays; never sent to the model. */
  readonly content?: readonly ToolContent[] | undefined;
  /** Data for the UI, like a result's `details`. */
  readonly details?: TDetails | undefined;
  /**
   * How far the tool has got, in units of its choosing; it should grow with each update. An MCP
   * client receives it as the progress notification's `progress` (without it, the running count of
   * updates is sent).
   */
  readonly progress?: number | undefined;
  /** The `progress` value at which the tool is done, when it knows it. */
  readonly total?: number | undefined;
  /** A short human-readable status line for progress displays. */
  readonly message?: string | undefined;
}
