import type { ToolResult } from "@toolwright/tool-core";
import type { AfterToolCallResult } from "./hooks";

/**
 * `afterToolCall`'s fields replace the result's fields whole. A field counts as returned when it
 * is not `undefined` (`null` replaces); `content` without `structuredContent` drops
 * `structuredContent`, since the old structured value may no longer match the new content.
 * Returns the result itself when the hook returned nothing (or not an object).
 */
export function applyAfterToolCall(result: ToolResult, patch: unknown): ToolResult {
  if (typeof patch !== "object" || patch === null) return result;
  const fields = patch as AfterToolCallResult;
  const next: {
    -readonly [Key in keyof ToolResult]: ToolResult[Key];
  } = { content: fields.content !== undefined ? fields.content : result.content };
  const details = fields.details !== undefined ? fields.details : result.details;
  if (details !== undefined) next.details = details;
  const structuredContent =
    fields.structuredContent !== undefined
      ? fields.structuredContent
      : fields.content !== undefined
        ? undefined
        : result.structuredContent;
  if (structuredContent !== undefined) next.structuredContent = structuredContent;
  const usage = fields.usage !== undefined ? fields.usage : result.usage;
  if (usage !== undefined) next.usage = usage;
  const isError = fields.isError !== undefined ? fields.isError : result.isError;
  if (isError !== undefined) next.isError = isError;
  const terminate = fields.terminate !== undefined ? fields.terminate : result.terminate;
  if (terminate !== undefined) next.terminate = terminate;
  return next;
}
