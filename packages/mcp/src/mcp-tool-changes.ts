/** What a refresh changed, by Toolwright name (`prefix + MCP name`, sanitized). */
export interface McpToolChanges {
  /** Tools registered for the first time, in registration order. */
  readonly added: readonly string[];
  /** Tools unregistered because the server no longer lists them (or they are now filtered out). */
  readonly removed: readonly string[];
  /** Tools whose definition changed: unregistered and registered again under the same name. */
  readonly changed: readonly string[];
}
