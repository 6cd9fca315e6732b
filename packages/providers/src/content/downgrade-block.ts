import {
  type Content,
  describeContentPlaceholder,
  type ToolResultMessage,
} from "@toolwright/tool-core";
import type { ResultMapping } from "./result-mapping";

/**
 * The placeholder text for block `blockIndex` of `result`, which the dialect named by `label`
 * cannot carry (`[audio audio/wav, 5120 bytes, not sent: Anthropic tool results do not carry
 * audio]`, never the bytes), reported through `mapping.onWarning` as `CONTENT_DOWNGRADED` with
 * `reason` as its detail.
 */
export function downgradeBlock(
  mapping: ResultMapping,
  label: string,
  result: ToolResultMessage,
  block: Content,
  blockIndex: number,
  reason: string,
): string {
  mapping.onWarning({
    tool: result.toolName,
    kind: "content",
    code: "CONTENT_DOWNGRADED",
    toolCallId: result.toolCallId,
    blockIndex,
    detail: `block ${blockIndex} of call ${result.toolCallId} not sent: ${reason}`,
  });
  return describeContentPlaceholder(block, label);
}
