import type { McpMountStatus } from "./mcp-mount";
import type { McpToolChanges } from "./mcp-tool-changes";

/** Why a listed MCP tool was not mounted. */
export type McpToolSkipCode =
  | "INVALID_TOOL"
  | "INVALID_SCHEMA"
  | "NAME_COLLISION"
  | "TASK_REQUIRED";

/** What a mount reports through `onEvent`. Every event names its mount. */
export type McpMountEvent =
  | ({ readonly type: "tools_changed"; readonly mountId: string } & McpToolChanges)
  | {
      readonly type: "tool_skipped";
      readonly mountId: string;
      /** The MCP name (or `String(name)` of a tool without a proper one). */
      readonly tool: string;
      readonly code: McpToolSkipCode;
      readonly reason: string;
    }
  | {
      readonly type: "tool_warning";
      readonly mountId: string;
      readonly tool: string;
      readonly reason: string;
    }
  | { readonly type: "refresh_failed"; readonly mountId: string; readonly error: unknown }
  | { readonly type: "status"; readonly mountId: string; readonly status: McpMountStatus }
  | { readonly type: "reconnect_failed"; readonly mountId: string; readonly error: unknown };

/**
 * Receives a mount's events.
 *
 * **Contract:** called synchronously, in the order things happen; must not mutate the event. May
 * throw: the error is caught and ignored, so a listener never breaks a mount. Default: none.
 */
export type McpMountEventListener = (event: McpMountEvent) => void;
