import type { Client } from "@modelcontextprotocol/client";
import { ToolRegistry } from "@toolwright/tool-core";
import { runToolCall } from "@toolwright/tool-exec";
import { describe, expect, it } from "vitest";
import { mountMcpServer } from "./mount-mcp-server";
import { createTestServer, listedTool } from "./test-support";

/** Records the arguments of the real client's `listTools` and `callTool`, then calls through. */
function recordRequests(client: Client) {
  const listed: unknown[][] = [];
  const called: unknown[][] = [];
  const listTools = client.listTools.bind(client);
  const callTool = client.callTool.bind(client);
  client.listTools = ((...args: Parameters<Client["listTools"]>) => {
    listed.push(args);
    return listTools(...args);
  }) as Client["listTools"];
  client.callTool = ((...args: Parameters<Client["callTool"]>) => {
    called.push(args);
    return callTool(...args);
  }) as Client["callTool"];
  return { listed, called };
}

describe("what a mount asks of the SDK client", () => {
  it("should list with cacheMode refresh, call with the inactivity limit, and never install onerror", async () => {
    const inputSchema = { type: "object", properties: { q: { type: "string" } } };
    const outputSchema = { type: "object", properties: { n: { type: "number" } } };
    const server = createTestServer([listedTool("typed", { inputSchema, outputSchema })], {
      typed: () => ({ content: [], structuredContent: { n: 1 } }),
    });
    const client = await server.connect();
    const { listed, called } = recordRequests(client);
    const registry = new ToolRegistry();
    await mountMcpServer(registry, client, { id: "s", requestTimeoutMs: 4321 });
    expect(listed[0]?.[1]).toMatchObject({ cacheMode: "refresh" });
    expect(client.onerror).toBeUndefined();

    const outcome = await runToolCall(
      { type: "toolCall", id: "c1", name: "s__typed", arguments: { q: "x" } },
      { tools: registry },
    );
    expect(outcome.isError).toBe(false);
    expect(called).toHaveLength(1);
    const [params, options] = called[0] as [unknown, Record<string, unknown>];
    expect(params).toEqual({ name: "typed", arguments: { q: "x" } });
    expect(options).toMatchObject({ timeout: 4321, resetTimeoutOnProgress: true });
    expect(options.maxTotalTimeout).toBeUndefined();
    expect(options.signal).toBeInstanceOf(AbortSignal);
    expect(typeof options.onprogress).toBe("function");
    // The listed tool without its outputSchema: output is validated once, by the mount.
    const definition = options.toolDefinition as Record<string, unknown>;
    expect(definition).toMatchObject({ name: "typed", inputSchema });
    expect(definition).not.toHaveProperty("outputSchema");
    await client.close();
  });
});
