import { Client, InMemoryTransport, ProtocolError } from "@modelcontextprotocol/client";
import { Server } from "@modelcontextprotocol/server";
import { Type } from "@sinclair/typebox";
import { defineTool, ToolRegistry } from "@toolwright/tool-core";
import type { BeforeToolCallHook } from "@toolwright/tool-exec";
import { describe, expect, it } from "vitest";
import { McpBridgeError } from "./mcp-bridge-error";
import { mountMcpServer } from "./mount-mcp-server";
import { serveRegistry } from "./serve-registry";
import type { ServeRegistryOptions } from "./serve-registry-options";
import { createTestServer, deferred, listedTool, waitFor } from "./test-support";

const add = defineTool({
  name: "add",
  label: "Add numbers",
  description: "Adds two numbers",
  parameters: Type.Object({ a: Type.Number(), b: Type.Number() }),
  execute: (params) => ({ content: [{ type: "text", text: String(params.a + params.b) }] }),
});

const measure = defineTool({
  name: "measure",
  description: "Measures a word",
  parameters: { properties: { word: { type: "string" } }, required: ["word"] },
  output: {
    schema: Type.Object({ length: Type.Integer() }, { additionalProperties: false }),
    render: (value) => `${value.length} letters`,
  },
  execute: (params) => ({ length: String(params.word).length }),
});

async function serve<TContext>(registry: ToolRegistry, options?: ServeRegistryOptions<TContext>) {
  const server = new Server({ name: "toolwright", version: "1.0.0" });
  const served = serveRegistry(registry, server, options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test-client", version: "1.0.0" });
  let listChanged = 0;
  client.setNotificationHandler("notifications/tools/list_changed", () => {
    listChanged += 1;
  });
  await client.connect(clientSide);
  return { server, served, client, listChanged: () => listChanged };
}

describe("serveRegistry", () => {
  it("should list the registry's tools with JSON schemas, titles, output schemas and annotations", async () => {
    const registry = new ToolRegistry([add, measure]);
    const { client } = await serve(registry, {
      annotations: (tool) => (tool.name === "add" ? { readOnlyHint: true } : undefined),
    });
    const { tools } = await client.listTools();
    expect(tools).toEqual([
      {
        name: "add",
        title: "Add numbers",
        description: "Adds two numbers",
        inputSchema: JSON.parse(JSON.stringify(add.parameters)),
        annotations: { readOnlyHint: true },
      },
      {
        name: "measure",
        description: "Measures a word",
        inputSchema: {
          type: "object",
          properties: { word: { type: "string" } },
          required: ["word"],
        },
        outputSchema: JSON.parse(JSON.stringify(measure.output.schema)),
      },
    ]);
    expect(client.getServerCapabilities()?.tools?.listChanged).toBe(true);
  });

  it("should run calls through the executor: coercion, model-readable validation errors, blocks, output", async () => {
    const block: BeforeToolCallHook<{ user: string }> = ({ toolCall, context }) =>
      toolCall.arguments.a === 13
        ? { block: true, reason: `Unlucky for ${context?.user}` }
        : undefined;
    const registry = new ToolRegistry([add, measure]);
    const { client } = await serve(registry, {
      run: { beforeToolCall: block },
      context: () => ({ user: "ada" }),
    });
    expect(await client.callTool({ name: "add", arguments: { a: "40", b: 2 } })).toEqual({
      content: [{ type: "text", text: "42" }],
    });
    const invalid = await client.callTool({ name: "add", arguments: { a: "forty" } });
    expect(invalid.isError).toBe(true);
    const invalidText = (invalid.content[0] as { text: string }).text;
    expect(invalidText).toMatch(/^Validation failed for tool "add":\n/);
    expect(invalidText).toContain("  - a: expected number, got string");
    const blocked = await client.callTool({ name: "add", arguments: { a: 13, b: 1 } });
    expect(blocked).toEqual({
      content: [{ type: "text", text: "Unlucky for ada" }],
      isError: true,
    });
    const measured = await client.callTool({ name: "measure", arguments: { word: "seven" } });
    expect(measured).toEqual({
      content: [{ type: "text", text: "5 letters" }],
      structuredContent: { length: 5 },
    });
    await expect(client.callTool({ name: "nope", arguments: {} })).rejects.toSatisfy(
      (error) => error instanceof ProtocolError && error.message.includes("Tool nope not found"),
    );
  });

  it("should turn a throwing context mapper into an error result, not a protocol error", async () => {
    const { client } = await serve(new ToolRegistry([add]), {
      context: () => {
        throw new Error("no session user");
      },
    });
    expect(await client.callTool({ name: "add", arguments: { a: 1, b: 2 } })).toEqual({
      content: [{ type: "text", text: "no session user" }],
      isError: true,
    });
  });

  it("should send progress for updates and abort the tool's signal when the client cancels", async () => {
    const started = deferred();
    let abortedWith: unknown;
    let seenId: string | undefined;
    const slow = defineTool({
      name: "slow",
      description: "Works until cancelled",
      execute: (_params, context) =>
        new Promise((resolve) => {
          seenId = context.toolCallId;
          context.onUpdate({ content: [{ type: "text", text: "warming up" }] });
          started.resolve();
          context.signal.addEventListener("abort", () => {
            abortedWith = context.signal.reason;
            resolve({ content: [{ type: "text", text: "stopped" }] });
          });
        }),
    });
    const { client } = await serve(new ToolRegistry([slow]));
    const progress: unknown[] = [];
    const controller = new AbortController();
    const call = client.callTool(
      { name: "slow", arguments: {} },
      { signal: controller.signal, onprogress: (update) => progress.push(update) },
    );
    await started.promise;
    await waitFor(() => progress.length === 1);
    controller.abort("stop please");
    await expect(call).rejects.toThrow();
    await waitFor(() => abortedWith !== undefined);
    expect(progress).toEqual([{ progress: 1, message: "warming up" }]);
    expect(seenId).toMatch(/^mcp-\d+$/);
  });

  it("should send one list_changed for a register and an unregister in the same tick, and none after close", async () => {
    const registry = new ToolRegistry([add]);
    const { client, served, listChanged } = await serve(registry);
    registry.register(measure);
    registry.unregister("add");
    await waitFor(() => listChanged() === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listChanged()).toBe(1);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["measure"]);
    served.close();
    registry.register(add);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listChanged()).toBe(1);
  });

  it("should not notify for changes to tools it does not serve", async () => {
    const registry = new ToolRegistry([add]);
    const { listChanged } = await serve(registry, { filter: (tool) => tool.name === "add" });
    registry.register(measure);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(listChanged()).toBe(0);
    registry.unregister("add");
    await waitFor(() => listChanged() === 1);
  });

  it("should not re-export mounted MCP tools unless asked, and refuse to install after connect", async () => {
    const upstream = createTestServer([listedTool("remote")], {
      remote: () => ({ content: [{ type: "text", text: "hi" }] }),
    });
    const registry = new ToolRegistry([add]);
    await mountMcpServer(registry, await upstream.connect(), { id: "up" });
    const { client, server } = await serve(registry);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["add"]);
    await expect(client.callTool({ name: "up__remote", arguments: {} })).rejects.toThrow(
      "Tool up__remote not found",
    );
    const open = await serve(registry, { includeMounted: true });
    expect((await open.client.listTools()).tools.map((tool) => tool.name)).toEqual([
      "add",
      "up__remote",
    ]);
    expect(await open.client.callTool({ name: "up__remote", arguments: {} })).toMatchObject({
      content: [{ type: "text", text: "hi" }],
    });
    expect(() => serveRegistry(registry, server)).toThrow(McpBridgeError);
  });

  it("should carry a registry change end to end: served registry → list_changed → mount → other registry", async () => {
    const source = new ToolRegistry([add]);
    const { client } = await serve(source);
    const mirror = new ToolRegistry();
    const mount = await mountMcpServer(mirror, client, { id: "peer", listChangedDebounceMs: 10 });
    expect(mirror.list().map((tool) => tool.name)).toEqual(["peer__add"]);
    source.register(measure);
    await waitFor(() => mirror.has("peer__measure"));
    await mount.settled();
    expect(mirror.list().map((tool) => tool.name)).toEqual(["peer__add", "peer__measure"]);
  });
});
