import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { Server } from "@modelcontextprotocol/server";
import { serveRegistry } from "@toolwright/mcp/server";
import type { SeamImplementations, ToolRegistry } from "@toolwright/tool-core";

/**
 * An MCP server in this process that serves `registry` (through `serveRegistry`, so every call
 * runs the executor's pipeline with `seams`), connected to a v2 client over the SDK's in-memory
 * transport. Registering or unregistering a tool in `registry` sends `list_changed`. Every served
 * tool is advertised as read-only (true of the demo's calculator and word_count).
 */
export async function connectLocalServer(
  registry: ToolRegistry,
  seams: SeamImplementations,
): Promise<Client> {
  const server = new Server({ name: "toolwright-demo-local", version: "1.0.0" });
  // Its tools only read: say so, so that clients' approval policies do not treat them as destructive.
  serveRegistry(registry, server, { run: { seams }, annotations: () => ({ readOnlyHint: true }) });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "toolwright-demo", version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}
