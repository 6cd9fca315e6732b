import type { Tool } from "@toolwright/tool-core";
import type { McpClientLike } from "./mcp-client-like";
import type { McpToolChanges } from "./mcp-tool-changes";

/** Where a mount's connection stands. */
export type McpMountStatus = "connected" | "disconnected" | "reconnecting" | "closed";

/** Options of {@link McpMount.close}. */
export interface McpMountCloseOptions {
  /** Take the mount's tools out of the registry; default `true`. */
  readonly unregister?: boolean;
}

/** A mounted MCP server: its tools live in the registry until it is closed. */
export interface McpMount {
  /** The `id` it was mounted with. */
  readonly id: string;
  /** Where its connection stands now. */
  readonly status: McpMountStatus;
  /** The mounted tools, in registration order. */
  tools(): Tool[];
  /**
   * Lists the server's tools now and applies the differences. Single-flight: called while a
   * refresh runs, it resolves with the one follow-up pass. Rejects with `McpBridgeError`
   * `NOT_CONNECTED`/`CLOSED`, or with the listing's error (the tools stay as they were).
   */
  refresh(): Promise<McpToolChanges>;
  /** Resolves once no refresh is running or scheduled (never rejects). */
  settled(): Promise<void>;
  /**
   * Uses `client` from now on (a reconnect you manage yourself): installs the handlers on it and
   * refreshes. The previous client is left alone (and closed only if a factory made it).
   */
  attach(client: McpClientLike): Promise<McpToolChanges>;
  /** Connects again through the factory (factory sources only) and refreshes. */
  reconnect(): Promise<McpToolChanges>;
  /**
   * Stops the mount. Idempotent. Removes its handlers, stops its timers, closes a listen stream it
   * opened and the client if a factory made it; with `unregister` (default) its tools leave the
   * registry.
   */
  close(options?: McpMountCloseOptions): Promise<void>;
}
