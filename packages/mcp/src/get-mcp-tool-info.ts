import type { Tool } from "@toolwright/tool-core";
import type { McpServerInfo, McpTool } from "./mcp-client-like";

/** The hints of an MCP tool with the MCP spec's defaults applied. */
export interface McpEffectiveHints {
  /** `readOnlyHint === true`. */
  readonly readOnly: boolean;
  /** Destructive unless `readOnlyHint === true` or `destructiveHint === false`. */
  readonly destructive: boolean;
  /** `idempotentHint === true`. */
  readonly idempotent: boolean;
  /** Open-world unless `openWorldHint === false`. */
  readonly openWorld: boolean;
}

/** What a mounted tool came from. */
export interface McpToolInfo {
  /** The `id` of the mount. */
  readonly mountId: string;
  /** The server as it identified itself when the tool was listed. */
  readonly serverInfo: McpServerInfo;
  /** The MCP name (what the server calls it). */
  readonly name: string;
  readonly title: string | undefined;
  readonly annotations: McpTool["annotations"];
  readonly effectiveHints: McpEffectiveHints;
  readonly outputSchema: McpTool["outputSchema"];
  readonly inputSchema: McpTool["inputSchema"];
  /** The tool's `_meta`. */
  readonly meta: McpTool["_meta"];
}

// A registered symbol, not a module-level WeakMap: a tool mounted by one copy of this package is
// still recognised by another (serveRegistry's default filter relies on it).
const toolInfoKey = Symbol.for("@toolwright/mcp.McpToolInfo");

/**
 * Where a tool came from, when a mount made it; `undefined` for any other tool. Use it in hooks:
 * e.g. a `beforeToolCall` that blocks `effectiveHints.destructive` calls until a user approves.
 */
export function getMcpToolInfo(tool: Tool): McpToolInfo | undefined {
  if (typeof tool !== "object" || tool === null) return undefined;
  const info = (tool as { [toolInfoKey]?: unknown })[toolInfoKey];
  return typeof info === "object" && info !== null ? (info as McpToolInfo) : undefined;
}

/** Records where a mounted tool came from (internal to the mount). */
export function setMcpToolInfo(tool: Tool, info: McpToolInfo): void {
  Object.defineProperty(tool, toolInfoKey, { value: info, enumerable: false });
}

/** The MCP spec's defaults applied to a tool's annotations. */
export function getEffectiveHints(annotations: McpTool["annotations"]): McpEffectiveHints {
  const readOnly = annotations?.readOnlyHint === true;
  return {
    readOnly,
    destructive: !readOnly && annotations?.destructiveHint !== false,
    idempotent: annotations?.idempotentHint === true,
    openWorld: annotations?.openWorldHint !== false,
  };
}
