import type { ToolRegistry } from "@toolwright/tool-core";
import { McpBridgeError } from "./mcp-bridge-error";
import type { McpClientLike } from "./mcp-client-like";
import type { McpMount } from "./mcp-mount";
import type { McpMountOptions } from "./mcp-mount-options";
import { MountController } from "./mount-controller";
import { resolveMountOptions } from "./resolve-mount-options";

/**
 * Makes a newly connected client; only a factory lets a mount reconnect by itself.
 *
 * **Contract:** must return a client that is connected and no one else's (the mount closes it when
 * it is done with it). May reject: at the first mount that is `LIST_FAILED`; during reconnects it
 * counts as a failed attempt. Called again for every reconnect.
 */
export type McpClientFactory = () => Promise<McpClientLike>;

/** What a mount talks to: a connected client, or a factory that connects one. */
export type McpMountSource = McpClientLike | McpClientFactory;

/**
 * Mounts the tools of an MCP server into `registry` and keeps them in line with the server:
 * `list_changed` notifications (and, on 2026-07-28 connections, the listen stream), polling and
 * reconnects refresh the tools, and an unchanged tool keeps its `Tool` object, so the transcript's
 * declarations (`declareToolChanges`) only change when the tools do.
 *
 * Rejects with `McpBridgeError`: `INVALID_OPTIONS`, `LIST_FAILED` (connecting or the first listing
 * failed; nothing is registered) or `NAME_COLLISION` (with `onCollision: "throw"`; nothing of this
 * mount stays registered).
 */
export async function mountMcpServer(
  registry: ToolRegistry,
  source: McpMountSource,
  options: McpMountOptions,
): Promise<McpMount> {
  const controller = createController(registry, source, options);
  const listing = await controller.open(source);
  controller.commit(listing);
  return controller;
}

/** Checks the arguments and makes the controller of one mount (internal to the mount functions). */
export function createController(
  registry: ToolRegistry,
  source: McpMountSource,
  options: McpMountOptions,
): MountController {
  const resolved = resolveMountOptions(options);
  if (typeof source === "function") return new MountController(registry, resolved, source);
  if (typeof source !== "object" || source === null || typeof source.callTool !== "function") {
    throw new McpBridgeError(
      "INVALID_OPTIONS",
      `Invalid MCP mount source for "${resolved.id}": expected a connected Client or a function that connects one`,
    );
  }
  return new MountController(registry, resolved, undefined);
}
