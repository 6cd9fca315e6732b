import type { Client } from "@modelcontextprotocol/client";
import { ToolRegistry } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { McpBridgeError } from "./mcp-bridge-error";
import type { McpMountEvent } from "./mcp-mount-event";
import { mountMcpServer } from "./mount-mcp-server";
import { mountMcpServers } from "./mount-mcp-servers";
import { createTestServer, deferred, listedTool, waitFor } from "./test-support";

function statuses(events: McpMountEvent[]): string[] {
  return events.flatMap((event) => (event.type === "status" ? [event.status] : []));
}

describe("mountMcpServer connection", () => {
  it("should reconnect a factory source with backoff, then give up with reconnect_failed", async () => {
    const server = createTestServer([listedTool("a")]);
    const registry = new ToolRegistry();
    const events: McpMountEvent[] = [];
    let connects = 0;
    let failing = false;
    const mount = await mountMcpServer(
      registry,
      async () => {
        connects += 1;
        if (failing) throw new Error(`connect ${connects} refused`);
        return server.connect();
      },
      {
        id: "s",
        reconnect: { initialDelayMs: 5, maxDelayMs: 20, maxAttempts: 3 },
        onEvent: (event) => events.push(event),
      },
    );
    failing = true;
    await server.crash();
    await waitFor(() => events.some((event) => event.type === "reconnect_failed"));
    expect(connects).toBe(4);
    expect(mount.status).toBe("disconnected");
    expect(statuses(events)).toEqual(["connected", "disconnected", "reconnecting", "disconnected"]);
    expect(events.find((event) => event.type === "reconnect_failed")).toMatchObject({
      error: { message: "connect 4 refused" },
    });
    expect(registry.has("s__a")).toBe(true);
    failing = false;
    expect(await mount.reconnect()).toEqual({ added: [], removed: [], changed: [] });
    expect(mount.status).toBe("connected");
    await mount.close();
  });

  it("should unregister on disconnect when asked, and register again after reconnecting", async () => {
    const server = createTestServer([listedTool("a")]);
    const registry = new ToolRegistry();
    const events: McpMountEvent[] = [];
    const mount = await mountMcpServer(registry, () => server.connect(), {
      id: "s",
      onDisconnect: "unregister",
      reconnect: { initialDelayMs: 5 },
      onEvent: (event) => events.push(event),
    });
    await server.crash();
    expect(registry.has("s__a")).toBe(false);
    await waitFor(() => registry.has("s__a"));
    expect(
      events
        .filter((event) => event.type === "tools_changed")
        .map((event) => event.type === "tools_changed" && [event.added, event.removed]),
    ).toEqual([
      [["s__a"], []],
      [[], ["s__a"]],
      [["s__a"], []],
    ]);
    await mount.close();
  });

  it("should not reconnect a client source, chain its onclose, and restore it on close", async () => {
    const server = createTestServer([listedTool("a")]);
    const client = await server.connect();
    let previousCalls = 0;
    const previous = () => {
      previousCalls += 1;
    };
    client.onclose = previous;
    const registry = new ToolRegistry();
    const mount = await mountMcpServer(registry, client, { id: "s" });
    expect(client.onclose).not.toBe(previous);
    await expect(mount.reconnect()).rejects.toSatisfy(
      (error) => McpBridgeError.isInstance(error) && error.code === "INVALID_OPTIONS",
    );
    await mount.close({ unregister: false });
    expect(client.onclose).toBe(previous);
    expect(registry.has("s__a")).toBe(true);
    expect(mount.status).toBe("closed");
    // The application's client is not closed by the mount, and its list_changed no longer reaches it.
    const listsBefore = server.listCount;
    await server.setTools([listedTool("b")]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.listCount).toBe(listsBefore);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["b"]);
    await mount.close();
    await expect(mount.refresh()).rejects.toSatisfy(
      (error) => McpBridgeError.isInstance(error) && error.code === "CLOSED",
    );
    await server.crash();
    expect(previousCalls).toBe(1);
  });

  it("should close the client a factory made, unregistering its tools by default", async () => {
    const server = createTestServer([listedTool("a")]);
    let made: Client | undefined;
    const registry = new ToolRegistry();
    const mount = await mountMcpServer(
      registry,
      async () => {
        made = await server.connect();
        return made;
      },
      { id: "s" },
    );
    await mount.close();
    await mount.close();
    expect(registry.size).toBe(0);
    expect(server.servers.size).toBe(0);
    expect(made?.getServerCapabilities()).toBeUndefined();
  });

  it("should attach a client the application reconnected itself", async () => {
    const server = createTestServer([listedTool("a")]);
    const registry = new ToolRegistry();
    const mount = await mountMcpServer(registry, await server.connect(), { id: "s" });
    const tool = registry.get("s__a");
    await server.crash();
    expect(mount.status).toBe("disconnected");
    server.tools = [listedTool("a"), listedTool("b")];
    expect(await mount.attach(await server.connect())).toEqual({
      added: ["s__b"],
      removed: [],
      changed: [],
    });
    expect(mount.status).toBe("connected");
    expect(registry.get("s__a")).toBe(tool);
  });
});

describe("mountMcpServers", () => {
  it("should connect in parallel but register in entry order, and report failures without stopping the others", async () => {
    const slow = createTestServer([listedTool("x")]);
    const fast = createTestServer([listedTool("y")]);
    const slowGate = deferred();
    const registry = new ToolRegistry();
    const order: string[] = [];
    const running = mountMcpServers(registry, [
      {
        source: async () => {
          await slowGate.promise;
          order.push("slow connected");
          return slow.connect();
        },
        options: { id: "slow" },
      },
      {
        source: async () => {
          order.push("fast connected");
          setTimeout(() => slowGate.resolve(), 20);
          return fast.connect();
        },
        options: { id: "fast" },
      },
      { source: async () => Promise.reject(new Error("down")), options: { id: "broken" } },
      { source: async () => fast.connect(), options: { id: "fast" } },
    ]);
    const { mounts, errors } = await running;
    expect(order).toEqual(["fast connected", "slow connected"]);
    expect(registry.list().map((tool) => tool.name)).toEqual(["slow__x", "fast__y"]);
    expect(mounts.map((mount) => mount.id)).toEqual(["slow", "fast"]);
    expect(errors.map((entry) => [entry.id, (entry.error as McpBridgeError).code])).toEqual([
      ["broken", "LIST_FAILED"],
      ["fast", "INVALID_OPTIONS"],
    ]);
  });
});
