import { getMcpToolInfo } from "@toolwright/mcp";
import type { BeforeToolCallHook } from "@toolwright/tool-exec";

/**
 * The demo's approval policy for MCP tools: a call the server marks destructive runs only when it
 * is a write (`fs__write_file`); anything else destructive is refused with a reason the model
 * reads. Stands in for "ask the user" in a real application.
 */
export const approveDestructive: BeforeToolCallHook = ({ tool }) => {
  const info = getMcpToolInfo(tool);
  if (info === undefined || !info.effectiveHints.destructive || info.name === "write_file")
    return undefined;
  return {
    block: true,
    reason: `${tool.name} is destructive (per the MCP server's annotations) and was not approved`,
  };
};
