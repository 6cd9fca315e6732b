import type { ToolContent } from "@toolwright/tool-core";
import type { McpContentBlock } from "./mcp-client-like";
import type { McpContentMapper } from "./mcp-mount-options";

/** Options of {@link mapMcpContent}. */
export interface MapMcpContentOptions {
  /** Leave out blocks whose `annotations.audience` is set and lacks `"assistant"`; default `true`. */
  readonly respectAudience?: boolean;
  /** A per-block override; see {@link McpContentMapper}. */
  readonly mapContent?: McpContentMapper;
}

/** What {@link mapMcpContent} returns. */
export interface MappedMcpContent {
  /** What the model sees, in block order. */
  readonly content: ToolContent[];
  /** The blocks left out because their audience excludes the assistant. */
  readonly omitted: McpContentBlock[];
}

/**
 * Turns the content blocks of an MCP tool result into Toolwright content: text and images pass
 * through; audio, binary resources and blobs become a short text that names them (their bytes never
 * reach the model); resource links and text resources become text with their URI; an unknown block
 * becomes its JSON. Never throws for a malformed block (a non-array gives no content), only when
 * `mapContent` throws.
 */
export function mapMcpContent(
  blocks: readonly McpContentBlock[] | undefined,
  options: MapMcpContentOptions = {},
): MappedMcpContent {
  const content: ToolContent[] = [];
  const omitted: McpContentBlock[] = [];
  if (!Array.isArray(blocks)) return { content, omitted };
  const respectAudience = options.respectAudience !== false;
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

function mapBlock(block: unknown): ToolContent {
  if (!isRecord(block)) return jsonText(block);
  switch (block.type) {
    case "text":
      if (typeof block.text === "string") return { type: "text", text: block.text };
      break;
    case "image":
      if (typeof block.data === "string" && typeof block.mimeType === "string") {
        return { type: "image", data: block.data, mimeType: block.mimeType };
      }
      break;
    case "audio":
      if (typeof block.data === "string") {
        return text(
          `[audio ${String(block.mimeType)}, ${decodedSize(block.data)} bytes, not shown]`,
        );
      }
      break;
    case "resource_link":
      if (typeof block.uri === "string") return mapResourceLink(block);
      break;
    case "resource":
      if (isRecord(block.resource) && typeof block.resource.uri === "string") {
        return mapEmbeddedResource(block.resource);
      }
      break;
  }
  return jsonText(block);
}

function mapResourceLink(block: Record<string, unknown>): ToolContent {
  const label = typeof block.title === "string" ? block.title : String(block.name);
  let line = `[resource link] ${label}: ${String(block.uri)}`;
  if (typeof block.mimeType === "string") line += ` (${block.mimeType})`;
  if (typeof block.description === "string") line += `\n${block.description}`;
  return text(line);
}

function mapEmbeddedResource(resource: Record<string, unknown>): ToolContent {
  const uri = String(resource.uri);
  if (typeof resource.text === "string") return text(`[resource ${uri}]\n${resource.text}`);
  if (typeof resource.blob === "string") {
    const mimeType = typeof resource.mimeType === "string" ? resource.mimeType : undefined;
    if (mimeType?.startsWith("image/")) return { type: "image", data: resource.blob, mimeType };
    return text(
      `[resource ${uri}: ${mimeType ?? "binary"}, ${decodedSize(resource.blob)} bytes, not shown]`,
    );
  }
  return jsonText({ type: "resource", resource });
}

/** The decoded size of base64 text, as SPEC §9.3 defines it: `floor(length × 3 / 4)`. */
function decodedSize(base64: string): number {
  return Math.floor((base64.length * 3) / 4);
}

function text(value: string): ToolContent {
  return { type: "text", text: value };
}

function jsonText(block: unknown): ToolContent {
  let serialized: string | undefined;
  try {
    serialized = JSON.stringify(block);
  } catch {
    serialized = undefined;
  }
  return text(serialized ?? String(block));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
