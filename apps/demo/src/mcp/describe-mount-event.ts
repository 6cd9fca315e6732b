import type { McpMountEvent } from "@toolwright/mcp";

/** One line of text for a mount event, or `undefined` for the ones the demo does not show. */
export function describeMountEvent(event: McpMountEvent): string | undefined {
  switch (event.type) {
    case "tools_changed": {
      const parts = [
        ...event.removed.map((name) => `-${name}`),
        ...event.changed.map((name) => `~${name}`),
        ...event.added.map((name) => `+${name}`),
      ];
      return `${event.mountId}: tools_changed ${parts.length > 8 ? `${parts.slice(0, 8).join(" ")} … (${parts.length})` : parts.join(" ")}`;
    }
    case "tool_skipped":
      return `${event.mountId}: skipped ${event.tool} (${event.code}): ${event.reason}`;
    case "refresh_failed":
    case "reconnect_failed":
      return `${event.mountId}: ${event.type}: ${event.error instanceof Error ? event.error.message : String(event.error)}`;
    case "status":
      return event.status === "connected" ? undefined : `${event.mountId}: ${event.status}`;
    default:
      return undefined;
  }
}

/** A mount event as plain JSON (errors by message), for `--json`. */
export function toJsonMountEvent(event: McpMountEvent): Record<string, unknown> {
  if (event.type === "refresh_failed" || event.type === "reconnect_failed") {
    return {
      ...event,
      error: event.error instanceof Error ? event.error.message : String(event.error),
    };
  }
  return { ...event };
}
