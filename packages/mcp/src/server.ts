// The `@toolwright/mcp/server` entry: serving a registry as an MCP server. It imports
// `@modelcontextprotocol/server` at run time, which the root entry never does.
export { serveRegistry } from "./serve-registry";
export type {
  McpRequestContextMapper,
  ServedRegistry,
  ServedToolAnnotator,
  ServedToolFilter,
  ServeRegistryOptions,
} from "./serve-registry-options";
