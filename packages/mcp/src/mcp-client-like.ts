import type { Client, ContentBlock, Tool } from "@modelcontextprotocol/client";

/**
 * What a mount needs of an MCP client: a connected v2 `Client` from `@modelcontextprotocol/client`
 * has all of it. A v1 client can be wrapped to fit (its `callTool` takes a result schema and its
 * `setNotificationHandler` is keyed by schema; the README shows the adapter).
 */
export type McpClientLike = Pick<
  Client,
  | "listTools"
  | "callTool"
  | "request"
  | "setNotificationHandler"
  | "getServerCapabilities"
  | "getServerVersion"
  | "getProtocolEra"
  | "listen"
  | "autoOpenedSubscription"
  | "onclose"
  | "close"
>;

/** A tool as an MCP server lists it (`tools/list`). */
export type McpTool = Tool;

/** One content block of an MCP tool result. */
export type McpContentBlock = ContentBlock;

/** The server a mount is connected to, as it identified itself. */
export type McpServerInfo = ReturnType<Client["getServerVersion"]>;
