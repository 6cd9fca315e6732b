import type { CallToolResult } from "@modelcontextprotocol/server";
import type { Content } from "@toolwright/tool-core";

/** One content block of an MCP tool result. */
type McpResultBlock = CallToolResult["content"][number];

/**
 * How a block of a served tool's result is sent to an MCP client: text, image, audio,
 * resource_link and resource blocks one to one, annotations included. MCP has no file block: a
 * file by `url` becomes a `resource_link` to it (named by its `filename`, else the URL), a file by
 * `data` an embedded `resource` with its bytes as `blob`, under the URI
 * `toolwright:attachment/<filename>` (`toolwright:attachment/<index>` without a filename).
 */
export function toMcpContent(block: Content, index: number): McpResultBlock {
  switch (block.type) {
    case "text":
    case "image":
    case "audio":
    case "resource_link":
    case "resource":
      // The executor already checked the block and copied it, without fields it does not know.
      return block as McpResultBlock;
    case "file": {
      const annotations = block.annotations === undefined ? {} : { annotations: block.annotations };
      if (block.url !== undefined) {
        return {
          type: "resource_link",
          uri: block.url,
          name: block.filename ?? block.url,
          ...(block.mimeType === undefined ? {} : { mimeType: block.mimeType }),
          ...annotations,
        } as McpResultBlock;
      }
      const name =
        block.filename === undefined ? String(index) : encodeURIComponent(block.filename);
      return {
        type: "resource",
        resource: {
          uri: `toolwright:attachment/${name}`,
          mimeType: block.mimeType,
          blob: block.data,
        },
        ...annotations,
      } as McpResultBlock;
    }
  }
}
