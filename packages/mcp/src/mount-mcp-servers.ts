import type { ToolRegistry } from "@toolwright/tool-core";
import type { McpToolListing } from "./list-mcp-tools";
import { McpBridgeError } from "./mcp-bridge-error";
import type { McpMount } from "./mcp-mount";
import type { McpMountOptions } from "./mcp-mount-options";
import type { MountController } from "./mount-controller";
import { createController, type McpMountSource } from "./mount-mcp-server";

/** One server for {@link mountMcpServers}. */
export interface McpMountEntry {
  readonly source: McpMountSource;
  readonly options: McpMountOptions;
}

/** What {@link mountMcpServers} returns: the mounts that worked, and why the others did not. */
export interface McpMountsResult {
  /** The mounts, in entry order (failed entries left out). */
  readonly mounts: McpMount[];
  /** One per failed entry, in entry order. */
  readonly errors: Array<{ readonly id: string; readonly error: unknown }>;
}

/**
 * Mounts several servers: connects and lists them in parallel, then registers their tools in
 * entry order, so the first declaration does not depend on which server answered first. Never
 * rejects: a server that fails is reported in `errors` and the others still mount. Two entries
 * with the same `id` are refused (the later one, `INVALID_OPTIONS`).
 */
export async function mountMcpServers(
  registry: ToolRegistry,
  entries: readonly McpMountEntry[],
): Promise<McpMountsResult> {
  const seen = new Set<string>();
  const prepared = await Promise.all(
    entries.map(async (entry) => {
      const id = String(entry?.options?.id);
      try {
        if (seen.has(id)) {
          throw new McpBridgeError(
            "INVALID_OPTIONS",
            `Invalid MCP mount options: the id "${id}" is used twice`,
          );
        }
        seen.add(id);
        const controller = createController(registry, entry.source, entry.options);
        const listing = await controller.open(entry.source);
        return { id, controller, listing } as const;
      } catch (error) {
        return { id, error } as const;
      }
    }),
  );
  const mounts: McpMount[] = [];
  const errors: Array<{ id: string; error: unknown }> = [];
  for (const entry of prepared) {
    if ("error" in entry) {
      errors.push({ id: entry.id, error: entry.error });
      continue;
    }
    try {
      commit(entry.controller, entry.listing);
      mounts.push(entry.controller);
    } catch (error) {
      errors.push({ id: entry.id, error });
    }
  }
  return { mounts, errors };
}

function commit(controller: MountController, listing: McpToolListing): void {
  controller.commit(listing);
}
