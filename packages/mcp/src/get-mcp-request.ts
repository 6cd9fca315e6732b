import { type ToolContext, ToolError } from "@toolwright/tool-core";
import { type McpRequest, McpRequestSeam } from "./mcp-request-seam";

/**
 * The MCP request a tool is running for, or `undefined` when the run provides none — the tool
 * was called outside `serveRegistry` (by an agent loop, a test, another executor). Lets one tool
 * work both ways:
 *
 * ```ts
 * const request = getMcpRequest(context);
 * await request?.log("info", "starting");
 * ```
 *
 * Any other error of `context.use` propagates.
 */
export function getMcpRequest(context: Pick<ToolContext, "use">): McpRequest | undefined {
  try {
    return context.use(McpRequestSeam);
  } catch (error) {
    if (ToolError.isInstance(error) && error.code === "SEAM_NOT_PROVIDED") return undefined;
    throw error;
  }
}
