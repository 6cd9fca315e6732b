// A registry served over Streamable HTTP on 127.0.0.1 (the SDK's per-request handler, both protocol
// eras) and mounted back through real v2 Clients: on 2026-07-28 a change arrives on the
// subscriptions/listen stream; a stateless 2025-era connection cannot be notified, so it polls.
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { toNodeHandler } from "@modelcontextprotocol/node";
import { createMcpHandler, Server } from "@modelcontextprotocol/server";
import { Type } from "@sinclair/typebox";
import { type Content, defineTool, ToolRegistry, type ToolUpdate } from "@toolwright/tool-core";
import { runToolCall } from "@toolwright/tool-exec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getMcpRequest } from "./get-mcp-request";
import { McpBridgeError } from "./mcp-bridge-error";
import type { McpMount } from "./mcp-mount";
import { mountMcpServer } from "./mount-mcp-server";
import { serveRegistry } from "./serve-registry";
import { waitFor } from "./test-support";

const greet = defineTool({
  name: "greet",
  description: "Greets someone",
  parameters: Type.Object({ name: Type.String() }),
  execute: (params, context) => {
    context.onUpdate({ content: [{ type: "text", text: "thinking" }] });
    return { content: [{ type: "text", text: `Hello, ${params.name}` }] };
  },
});

const farewell = defineTool({
  name: "farewell",
  description: "Says goodbye",
  execute: () => ({ content: [{ type: "text", text: "Bye" }] }),
});

const rich: Content[] = [
  { type: "audio", data: "UklGRg==", mimeType: "audio/wav", annotations: { priority: 1 } },
  { type: "resource", resource: { uri: "x:doc", mimeType: "text/plain", text: "doc" } },
  { type: "resource_link", uri: "file:///a", name: "a" },
];

/** What `report` saw of its request, by call. */
const reports: Array<{ requestId: unknown; sample: unknown; elicit: unknown }> = [];

const report = defineTool({
  name: "report",
  description: "Reports progress, logs, tries sampling and elicitation, returns rich content",
  execute: async (_params, context) => {
    const request = getMcpRequest(context);
    for (const progress of [0, 50, 100]) context.onUpdate({ progress, total: 100 });
    await request?.log("error", "logged");
    const outcome = async (attempt: () => Promise<unknown> | undefined) => {
      try {
        await attempt();
        return "resolved";
      } catch (error) {
        return error;
      }
    };
    reports.push({
      requestId: request?.requestId,
      sample: await outcome(() => request?.sample({ messages: [], maxTokens: 1 })),
      elicit: await outcome(() =>
        request?.elicit({ message: "?", requestedSchema: { type: "object", properties: {} } }),
      ),
    });
    return { content: rich };
  },
});

const served = new ToolRegistry([greet, report]);
const handler = createMcpHandler(() => {
  const server = new Server({ name: "toolwright-http", version: "1.0.0" });
  serveRegistry(served, server, { notify: false });
  return server;
});
served.subscribe(() => handler.notify.toolsChanged());
let http: HttpServer;
let url: URL;
const mounts: McpMount[] = [];

beforeAll(async () => {
  const nodeHandler = toNodeHandler(handler);
  http = createServer((request, response) => void nodeHandler(request, response));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  url = new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`);
});

afterAll(async () => {
  for (const mount of mounts) await mount.close();
  await handler.close();
  http.closeAllConnections();
  await new Promise((resolve) => http.close(resolve));
});

async function connect(era: "modern" | "legacy"): Promise<Client> {
  const client = new Client(
    { name: "toolwright-test", version: "1.0.0" },
    era === "modern" ? { versionNegotiation: { mode: "auto" } } : {},
  );
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

describe("Streamable HTTP on 127.0.0.1", () => {
  it("should mount a served registry on a 2026-07-28 connection and receive changes on the listen stream", async () => {
    const registry = new ToolRegistry();
    let client: Client | undefined;
    const mount = await mountMcpServer(registry, async () => (client = await connect("modern")), {
      id: "web",
      listChangedDebounceMs: 10,
    });
    mounts.push(mount);
    expect(client?.getProtocolEra()).toBe("modern");
    expect(client?.autoOpenedSubscription).toBeUndefined();
    const updates: ToolUpdate[] = [];
    const outcome = await runToolCall(
      { type: "toolCall", id: "1", name: "web__greet", arguments: { name: "Ada" } },
      { tools: registry, onUpdate: (update) => void updates.push(update) },
    );
    expect(outcome.result.content).toEqual([{ type: "text", text: "Hello, Ada" }]);
    expect(updates.map((update) => update.content)).toEqual([[{ type: "text", text: "thinking" }]]);
    served.register(farewell);
    try {
      await waitFor(() => registry.has("web__farewell"), 20_000);
    } finally {
      served.unregister("farewell");
    }
    await waitFor(() => !registry.has("web__farewell"), 20_000);
  });

  it("should poll a stateless 2025-era connection, which cannot be notified", async () => {
    const client = await connect("legacy");
    expect(client.getProtocolEra()).toBe("legacy");
    const registry = new ToolRegistry();
    const mount = await mountMcpServer(registry, client, { id: "old", pollIntervalMs: 100 });
    mounts.push(mount);
    expect(registry.list().map((tool) => tool.name)).toEqual(["old__greet", "old__report"]);
    served.register(farewell);
    try {
      await waitFor(() => registry.has("old__farewell"), 20_000);
    } finally {
      served.unregister("farewell");
    }
  });
});

describe("serveRegistry through createMcpHandler (per-request servers)", () => {
  it("should send rich content and progress with totals, and refuse sampling and elicitation plainly on 2026-07-28", async () => {
    const client = await connect("modern");
    try {
      expect(client.getProtocolEra()).toBe("modern");
      const progress: unknown[] = [];
      const result = await client.callTool(
        { name: "report", arguments: {} },
        { onprogress: (update) => progress.push(update) },
      );
      expect(result.content).toEqual(rich);
      expect(progress).toEqual([
        { progress: 0, total: 100 },
        { progress: 50, total: 100 },
        { progress: 100, total: 100 },
      ]);
      const seen = reports.at(-1);
      expect(seen?.requestId).toBeDefined();
      for (const refusal of [seen?.sample, seen?.elicit]) {
        expect(McpBridgeError.isInstance(refusal) && refusal.code).toBe("UNSUPPORTED");
        expect((refusal as Error).message).toMatch(
          /^(sampling\/createMessage|elicitation\/create) is not available to a served tool on this connection: an HTTP request without a session \(createMcpHandler's per-request servers, or a stateless transport\) cannot receive the client's answer/,
        );
      }
    } finally {
      await client.close();
    }
  });

  it("should send the same content and progress on a stateless 2025-era connection, and refuse sampling and elicitation at once", async () => {
    const client = await connect("legacy");
    try {
      const progress: unknown[] = [];
      const result = await client.callTool(
        { name: "report", arguments: {} },
        { onprogress: (update) => progress.push(update) },
      );
      expect(result.content).toEqual(rich);
      expect(progress).toHaveLength(3);
      const seen = reports.at(-1);
      for (const refusal of [seen?.sample, seen?.elicit]) {
        expect(McpBridgeError.isInstance(refusal) && refusal.code).toBe("UNSUPPORTED");
      }
    } finally {
      await client.close();
    }
  });
});

describe("a 2026-07-28 listen stream that drops", () => {
  it("should refresh and listen again when the endpoint is redeployed under the mount", async () => {
    const registry = new ToolRegistry([greet]);
    const serve = () =>
      createMcpHandler(() => {
        const server = new Server({ name: "toolwright-http", version: "1.0.0" });
        serveRegistry(registry, server, { notify: false });
        return server;
      });
    let current = serve();
    registry.subscribe(() => current.notify.toolsChanged());
    const endpoint = createServer(
      (request, response) => void toNodeHandler(current)(request, response),
    );
    await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
    const address = new URL(`http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/mcp`);
    const mirror = new ToolRegistry();
    const mount = await mountMcpServer(
      mirror,
      async () => {
        const client = new Client(
          { name: "toolwright-test", version: "1.0.0" },
          { versionNegotiation: { mode: "auto" } },
        );
        await client.connect(new StreamableHTTPClientTransport(address));
        return client;
      },
      { id: "web", listChangedDebounceMs: 10, reconnect: { initialDelayMs: 20 } },
    );
    try {
      const greetTool = mirror.get("web__greet");
      // Redeploy: the old handler ends its streams; a new one takes the requests.
      const previous = current;
      current = serve();
      await previous.close();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await mount.settled();
      // The change below reaches the mount only through a listen stream opened on the new handler.
      registry.register(farewell);
      await waitFor(() => mirror.has("web__farewell"), 20_000);
      expect(mirror.get("web__greet")).toBe(greetTool);
      expect(mount.status).toBe("connected");
    } finally {
      registry.unregister("farewell");
      await mount.close();
      await current.close();
      endpoint.closeAllConnections();
      await new Promise((resolve) => endpoint.close(resolve));
    }
  });
});
