/**
 * Reading what user code returned — a tool's result, `render`'s content, `afterToolCall`'s fields
 * — exactly once, into plain objects the executor owns. A getter that throws, a Proxy (revoked or
 * not) or a value that changes between reads then fails that one call with a reason, instead of
 * throwing later in the batch (truncation, events, messages) where every sibling's result would be
 * lost. Each reader returns the copy, or a string saying why the value cannot be used.
 */
import {
  describeInvalidContentBlock,
  isInvalidContentBlock,
  readContentBlock,
  type ToolContent,
  type ToolResult,
} from "@toolwright/tool-core";
import { describeThrown } from "../describe-thrown";

/** A result's fields, read once; a string when the value is not a `ToolResult` or reading it threw. */
export function readToolResult(value: unknown): ToolResult | string {
  try {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      return `expected an object with content, got ${describeKind(value)}`;
    }
    const { content, details, structuredContent, usage, isError, terminate } = value as ToolResult;
    const parts = readContentParts(content);
    if (typeof parts === "string") return parts;
    // `details` is in nearly every result: made with the object, it stays in the object's own
    // slots instead of a separate property array added when the field is.
    const result: { -readonly [Key in keyof ToolResult]: ToolResult[Key] } =
      details === undefined ? { content: parts } : { content: parts, details };
    if (structuredContent !== undefined) result.structuredContent = structuredContent;
    if (usage !== undefined) result.usage = usage;
    if (isError !== undefined) result.isError = isError as boolean;
    if (terminate !== undefined) result.terminate = terminate as boolean;
    return result;
  } catch (error) {
    return `reading it threw: ${describeThrown(error)}`;
  }
}

/**
 * A copy of `value` as a result's `content` — an array of content blocks, each checked by
 * tool-core's `readContentBlock` — or why it cannot be one (it is not an array, or reading it
 * threw). One bad block fails only itself: it becomes the text `[invalid <type> block <i>:
 * <reason>]` and the other blocks are kept.
 */
export function readToolContent(value: unknown): readonly ToolContent[] | string {
  try {
    return readContentParts(value);
  } catch (error) {
    return `reading content threw: ${describeThrown(error)}`;
  }
}

/** The fields `afterToolCall` may return, read once; a string when reading them threw. */
export function readResultFields(value: object): Partial<ToolResult> | string {
  try {
    const { content, details, structuredContent, usage, isError, terminate } = value as ToolResult;
    const fields: { -readonly [Key in keyof ToolResult]?: ToolResult[Key] } = {};
    if (content !== undefined) fields.content = content;
    if (details !== undefined) fields.details = details;
    if (structuredContent !== undefined) fields.structuredContent = structuredContent;
    if (usage !== undefined) fields.usage = usage;
    if (isError !== undefined) fields.isError = isError;
    if (terminate !== undefined) fields.terminate = terminate;
    return fields;
  } catch (error) {
    return `reading it threw: ${describeThrown(error)}`;
  }
}

/** A short name of a value's kind for messages: `null`, `array`, `string`, `undefined`, … */
export function describeKind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function readContentParts(value: unknown): ToolContent[] | string {
  if (!Array.isArray(value)) return `content must be an array, got ${describeKind(value)}`;
  const length = value.length;
  const parts = new Array<ToolContent>(length);
  for (let index = 0; index < length; index++) parts[index] = readContentPart(value, index);
  return parts;
}

/** Block `index` of `content`, checked and copied, or the text that stands in for it. */
function readContentPart(content: readonly unknown[], index: number): ToolContent {
  let block: ReturnType<typeof readContentBlock>;
  try {
    block = readContentBlock(content[index]);
  } catch (error) {
    // A getter or Proxy trap that throws spoils this block only.
    block = { type: undefined, reason: `reading it threw: ${describeThrown(error)}` };
  }
  return isInvalidContentBlock(block)
    ? { type: "text", text: describeInvalidContentBlock(block, index) }
    : block;
}
