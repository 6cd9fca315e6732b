// The public API of @toolwright/mcp: explicit named exports only. This entry imports only types
// from the MCP SDK and stays browser-safe; `serveRegistry` lives in `@toolwright/mcp/server`.
export type { McpResultDetails } from "./call-mounted-tool";
export { getMcpRequest } from "./get-mcp-request";
export type { McpEffectiveHints, McpToolInfo } from "./get-mcp-tool-info";
export { getMcpToolInfo } from "./get-mcp-tool-info";
export type { MapMcpContentOptions, MappedMcpContent } from "./map-mcp-content";
export { mapMcpContent } from "./map-mcp-content";
export type { McpBridgeErrorCode, McpBridgeErrorOptions } from "./mcp-bridge-error";
export { McpBridgeError } from "./mcp-bridge-error";
export {
  CANCELLED_BY_CLIENT,
  connectionClosedText,
  inactivityText,
  notConnectedText,
  refusedText,
} from "./mcp-call-texts";
export type { McpClientLike, McpContentBlock, McpServerInfo, McpTool } from "./mcp-client-like";
export type { McpMount, McpMountCloseOptions, McpMountStatus } from "./mcp-mount";
export type { McpMountEvent, McpMountEventListener, McpToolSkipCode } from "./mcp-mount-event";
export type {
  McpContentMapper,
  McpMountOptions,
  McpNameOptions,
  McpReconnectOptions,
  McpToolDescriber,
  McpToolFilter,
  McpToolTransform,
} from "./mcp-mount-options";
export type { McpRequest } from "./mcp-request-seam";
export { McpRequestSeam } from "./mcp-request-seam";
export type { McpToolChanges } from "./mcp-tool-changes";
export type { McpClientFactory, McpMountSource } from "./mount-mcp-server";
export { mountMcpServer } from "./mount-mcp-server";
export type { McpMountEntry, McpMountsResult } from "./mount-mcp-servers";
export { mountMcpServers } from "./mount-mcp-servers";
