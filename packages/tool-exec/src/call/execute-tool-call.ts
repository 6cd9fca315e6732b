import type { ToolCall, ToolResultMessage, ToolSource } from "@toolwright/tool-core";
import { createToolResultMessage } from "../output/create-tool-result-message";
import { normalizeMaxMediaBytes } from "../output/limit-media";
import type { TruncationOptions } from "../output/truncate-output";
import { runCallPipeline } from "./execute-tool";
import type { RunToolCallOptions } from "./run-tool-call-options";
import { ToolRun } from "./tool-run";

/**
 * Options of {@link executeToolCall}: a run's options without `tools`, plus output truncation and
 * the media limit.
 */
export interface ExecuteToolCallOptions<TContext = unknown>
  extends Omit<RunToolCallOptions<TContext>, "tools"> {
  /** Output truncation of the message's text; `false` turns it off. SPEC defaults otherwise. */
  readonly truncation?: TruncationOptions | false | undefined;
  /**
   * The largest block, in decoded bytes, that reaches the model by value: an image, audio, a
   * file's `data` or an embedded resource (its `blob`, or its `text` in UTF-8) over it becomes the
   * text `[<type> <mimeType>, <n> bytes, over the <limit>-byte limit]` in the message (the
   * `tool_execution_end` event keeps the block). A number ≥ 0, `Infinity` for no limit; default
   * 20 MiB (20,971,520). Text blocks are bounded by `truncation` instead.
   */
  readonly maxMediaBytes?: number | undefined;
}

/**
 * Runs one call through the full pipeline and returns the paired transcript message — the same
 * id and name as the call, whatever happened. Emits no events. Never rejects for a tool's failure.
 *
 * @example
 * ```ts
 * const message = await executeToolCall(toolCall, registry, { signal });
 * transcript.push(message);
 * ```
 */
export async function executeToolCall<TContext = unknown>(
  toolCall: ToolCall,
  tools: ToolSource,
  options: ExecuteToolCallOptions<TContext> = {},
): Promise<ToolResultMessage> {
  const maxMediaBytes = normalizeMaxMediaBytes(options.maxMediaBytes);
  const run = new ToolRun(options as ExecuteToolCallOptions<unknown>, options.onUpdate, { tools });
  const outcome = await runCallPipeline(toolCall, run);
  return createToolResultMessage(outcome, options.truncation, maxMediaBytes);
}
