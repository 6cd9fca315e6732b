import {
  type Content,
  isInvalidContentBlock,
  readContentBlock,
  type ToolContent,
} from "@toolwright/tool-core";
import type { McpContentBlock } from "./mcp-client-like";
import type { McpContentMapper } from "./mcp-mount-options";

/** Options of {@link mapMcpContent}. */
export interface MapMcpContentOptions {
  /**
   * Leave out blocks whose `annotations.audience` is set and lacks `"assistant"`; default `false`
   * (the provider layer applies the audience where content becomes model input).
   */
  readonly respectAudience?: boolean;
  /** A per-block override; see {@link McpContentMapper}. */
  readonly mapContent?: McpContentMapper;
}

/** What {@link mapMcpContent} returns. */
export interface MappedMcpContent {
  /** The blocks as Toolwright content, in block order. */
  readonly content: ToolContent[];
  /** The blocks left out because their audience excludes the assistant (`respectAudience` only). */
  readonly omitted: McpContentBlock[];
}

/** The MCP block types that have a Toolwright content type of the same name and fields. */
const MCP_BLOCK_TYPES: ReadonlySet<unknown> = new Set([
  "text",
  "image",
  "audio",
  "resource_link",
  "resource",
]);

/**
 * Turns the content blocks of an MCP tool result into Toolwright content, one to one: `text`,
 * `image`, `audio`, `resource_link` and `resource` become the block of the same type with the same
 * fields, annotations included (fields outside the content model, such as `_meta` or `icons`, are
 * left out; the original blocks stay in the result's `details`). What a model may be sent is
 * decided later, by the provider layer. A block of an unknown type, or one whose fields do not fit
 * its type, becomes a text block with its JSON. Never throws for a malformed block (a non-array
 * gives no content), only when `mapContent` throws.
 */
export function mapMcpContent(
  blocks: readonly McpContentBlock[] | undefined,
  options: MapMcpContentOptions = {},
): MappedMcpContent {
  const content: ToolContent[] = [];
  const omitted: McpContentBlock[] = [];
  if (!Array.isArray(blocks)) return { content, omitted };
  const respectAudience = options.respectAudience === true;
  for (const block of blocks as readonly unknown[]) {
    if (respectAudience && isHiddenFromAssistant(block)) {
      omitted.push(block as McpContentBlock);
      continue;
    }
    const custom = options.mapContent?.(block as McpContentBlock);
    if (custom !== undefined) content.push(...custom);
    else content.push(mapBlock(block));
  }
  return { content, omitted };
}

function isHiddenFromAssistant(block: unknown): boolean {
  if (!isRecord(block) || !isRecord(block.annotations)) return false;
  const { audience } = block.annotations;
  return Array.isArray(audience) && !audience.includes("assistant");
}

function mapBlock(block: unknown): Content {
  // `file` is Toolwright's own type; an MCP server sending one sends an unknown type.
  if (isRecord(block) && MCP_BLOCK_TYPES.has(block.type)) {
    const checked = readContentBlock(block);
    if (!isInvalidContentBlock(checked)) return checked;
  }
  return jsonText(block);
}

function jsonText(block: unknown): Content {
  let serialized: string | undefined;
  try {
    serialized = JSON.stringify(block);
  } catch {
    serialized = undefined;
  }
  return { type: "text", text: serialized ?? String(block) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
