import { type Content, getContentByteLength } from "@toolwright/tool-core";

/**
 * The text that stands in for a block a dialect's tool results cannot carry:
 * `[audio audio/wav, 5120 bytes, not sent: Anthropic tool results do not carry audio]`. Names the
 * block's type, MIME type and size (for a file by URL, the URL) — never its bytes.
 */
export function describeContentPlaceholder(block: Content, dialectLabel: string): string {
  const mimeType =
    block.type === "resource"
      ? block.resource.mimeType
      : block.type === "text"
        ? "text/plain"
        : block.mimeType;
  const head = mimeType === undefined ? block.type : `${block.type} ${mimeType}`;
  const size =
    block.type === "file" && block.url !== undefined
      ? block.url
      : block.type === "resource_link"
        ? block.uri
        : `${getContentByteLength(block) ?? 0} bytes`;
  return `[${head}, ${size}, not sent: ${dialectLabel} tool results do not carry ${block.type}]`;
}
