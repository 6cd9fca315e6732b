import type { Client } from "@modelcontextprotocol/client";
import { ToolRegistry } from "@toolwright/tool-core";
import { describe, expectTypeOf, it } from "vitest";
import type { McpClientLike } from "./mcp-client-like";
import type { McpMount } from "./mcp-mount";
import type { McpMountEvent } from "./mcp-mount-event";
import { mountMcpServer } from "./mount-mcp-server";

describe("McpClientLike", () => {
  it("should accept a v2 Client and a factory of one as a mount source", () => {
    expectTypeOf<Client>().toMatchTypeOf<McpClientLike>();
    const registry = new ToolRegistry();
    const connect = async (): Promise<Client> => ({}) as Client;
    expectTypeOf(mountMcpServer(registry, connect, { id: "s" })).toEqualTypeOf<Promise<McpMount>>();
    expectTypeOf(mountMcpServer(registry, {} as Client, { id: "s" })).toEqualTypeOf<
      Promise<McpMount>
    >();
    // @ts-expect-error: an id is required
    void mountMcpServer(registry, connect, {});
  });

  it("should narrow events by type", () => {
    expectTypeOf<Extract<McpMountEvent, { type: "tool_skipped" }>["code"]>().toEqualTypeOf<
      "INVALID_TOOL" | "INVALID_SCHEMA" | "NAME_COLLISION" | "TASK_REQUIRED"
    >();
  });
});
