import type { Content } from "./content";
import { getContentByteLength } from "./get-content-byte-length";

/**
 * The text that stands in for a block that whatever carries results to a model cannot carry:
 * `[audio audio/wav, 5120 bytes, not sent: Anthropic tool results do not carry audio]`. Names the
 * block's type, MIME type and size (for a file by URL, the URL; for a resource link, its URI) —
 * never its bytes. `carrierLabel` names the carrier, e.g. `Anthropic` or `Chat Completions`.
 */
export function describeContentPlaceholder(block: Content, carrierLabel: string): string {
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
  return `[${head}, ${size}, not sent: ${carrierLabel} tool results do not carry ${block.type}]`;
}
