import { type Message, ToolRegistry, type ToolRegistryChange } from "@toolwright/tool-core";
import { declareToolChanges } from "@toolwright/transcript";
import { describe, expect, it } from "vitest";
import type { McpMountEvent } from "./mcp-mount-event";
import { mountMcpServer } from "./mount-mcp-server";
import { createTestServer, listedTool, waitFor } from "./test-support";

const question = (text: string): Message => ({ role: "user", content: text, timestamp: 1 });

/** A conversation that declares the registry's tools before each user turn, as an app would. */
function conversation(registry: ToolRegistry) {
  const messages: Message[] = [];
  return {
    messages,
    /** Declares pending tool changes before a new user turn; returns the pending array it made. */
    turn(text: string) {
      const pending = [question(text)];
      const declared = declareToolChanges({ messages, tools: registry }, pending);
      messages.push(...(declared as Message[]));
      return { pending, declared };
    },
  };
}

describe("mountMcpServer refresh", () => {
  it("should apply additions, removals and changes from list_changed, and declare them into the transcript", async () => {
    const server = createTestServer([listedTool("keep"), listedTool("drop"), listedTool("edit")]);
    const registry = new ToolRegistry();
    const events: McpMountEvent[] = [];
    const mount = await mountMcpServer(registry, await server.connect(), {
      id: "s",
      onEvent: (event) => events.push(event),
    });
    const chat = conversation(registry);
    chat.turn("hello");
    const keep = registry.get("s__keep");
    events.length = 0;
    await server.setTools([
      listedTool("keep"),
      listedTool("edit", { description: "Edited" }),
      listedTool("new"),
    ]);
    await waitFor(() => events.some((event) => event.type === "tools_changed"));
    await mount.settled();
    expect(events).toEqual([
      {
        type: "tools_changed",
        mountId: "s",
        added: ["s__new"],
        removed: ["s__drop"],
        changed: ["s__edit"],
      },
    ]);
    expect(registry.get("s__keep")).toBe(keep);
    expect(registry.get("s__edit")?.description).toBe("Edited");
    const { declared } = chat.turn("again");
    expect(declared).toHaveLength(2);
    const system = declared[0] as {
      toolsAdded?: Array<{ name: string }>;
      toolsRemoved?: Array<{ name: string }>;
    };
    expect(system.toolsRemoved?.map((tool) => tool.name)).toEqual(["s__drop", "s__edit"]);
    expect(system.toolsAdded?.map((tool) => tool.name)).toEqual(["s__edit", "s__new"]);
  });

  it("should keep every Tool object and the declaration when a redeploy only reorders and reformats", async () => {
    const schema = {
      type: "object",
      properties: { a: { type: "string" }, b: { type: "number" } },
      required: ["a"],
    };
    const reformatted = {
      required: ["a"],
      properties: { b: { type: "number" }, a: { type: "string" } },
      type: "object",
    };
    const server = createTestServer([
      listedTool("one", { inputSchema: schema }),
      listedTool("two"),
      listedTool("three"),
    ]);
    const registry = new ToolRegistry();
    const mount = await mountMcpServer(registry, () => server.connect(), {
      id: "s",
      reconnect: { initialDelayMs: 10, maxDelayMs: 50 },
    });
    const chat = conversation(registry);
    chat.turn("first");
    const before = registry.list();
    const changes: ToolRegistryChange[] = [];
    registry.subscribe((change) => changes.push(change));
    // Redeploy: the server goes away and comes back listing the same tools in another order.
    server.tools = [
      listedTool("three"),
      listedTool("one", { inputSchema: reformatted }),
      listedTool("two"),
    ];
    await server.crash();
    await waitFor(() => mount.status === "connected" && server.servers.size === 1);
    await mount.settled();
    expect(changes).toEqual([]);
    expect(registry.list()).toEqual(before);
    expect(registry.list().every((tool, index) => tool === before[index])).toBe(true);
    const { pending, declared } = chat.turn("second");
    expect(declared).toBe(pending);
    // A notification with nothing new changes nothing either.
    await server.setTools([...server.tools].reverse());
    await waitFor(() => server.listCount >= 3);
    await mount.settled();
    expect(changes).toEqual([]);
    await mount.close();
  });

  it("should list at most twice for a burst of twenty notifications in 50 ms", async () => {
    const server = createTestServer([listedTool("a")]);
    const registry = new ToolRegistry();
    const mount = await mountMcpServer(registry, await server.connect(), { id: "s" });
    const [instance] = [...server.servers];
    const listsBefore = server.listCount;
    server.tools = [listedTool("a"), listedTool("b")];
    // Twenty notifications at once: well inside 50 ms even on a loaded machine.
    await Promise.all(Array.from({ length: 20 }, () => instance?.sendToolListChanged()));
    await waitFor(() => server.listCount > listsBefore);
    await mount.settled();
    expect(server.listCount - listsBefore).toBeGreaterThanOrEqual(1);
    expect(server.listCount - listsBefore).toBeLessThanOrEqual(2);
    expect(registry.has("s__b")).toBe(true);
  });

  it("should answer refresh() calls made during a pass with one follow-up pass", async () => {
    const server = createTestServer([listedTool("a")]);
    const registry = new ToolRegistry();
    const mount = await mountMcpServer(registry, await server.connect(), { id: "s" });
    const listsBefore = server.listCount;
    const first = mount.refresh();
    server.tools = [listedTool("a"), listedTool("b")];
    const followers = [mount.refresh(), mount.refresh(), mount.refresh()];
    expect(followers[0]).toBe(followers[1]);
    expect(await first).toEqual({ added: ["s__b"], removed: [], changed: [] });
    const results = await Promise.all(followers);
    expect(server.listCount - listsBefore).toBe(2);
    expect(results[0]).toEqual({ added: [], removed: [], changed: [] });
  });

  it("should keep the tools and report refresh_failed when a listing fails", async () => {
    const server = createTestServer([listedTool("a")]);
    const registry = new ToolRegistry();
    const events: McpMountEvent[] = [];
    const mount = await mountMcpServer(registry, await server.connect(), {
      id: "s",
      onEvent: (event) => events.push(event),
    });
    const [instance] = [...server.servers];
    instance?.setRequestHandler("tools/list", () => {
      throw new Error("listing broke");
    });
    await expect(mount.refresh()).rejects.toThrow("listing broke");
    expect(events.at(-1)).toMatchObject({ type: "refresh_failed", mountId: "s" });
    expect(registry.has("s__a")).toBe(true);
  });

  it("should poll servers that cannot notify", async () => {
    const server = createTestServer([listedTool("a")]);
    const registry = new ToolRegistry();
    const mount = await mountMcpServer(registry, await server.connect(), {
      id: "s",
      pollIntervalMs: 50,
    });
    server.tools = [listedTool("b")];
    await waitFor(() => registry.has("s__b"));
    expect(registry.has("s__a")).toBe(false);
    await mount.close();
  });
});
