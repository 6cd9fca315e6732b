// Real SDK servers for the tests: a low-level v2 `Server` over the SDK's in-memory transport, whose
// tool list a test rewrites at will (adds, removes, reorders, malformed entries), and stdio servers
// from npm started from this package's node_modules (never through npx, never the network), and
// a registry served over Streamable HTTP with sessions on 127.0.0.1.
import { randomUUID } from "node:crypto";
import { createServer as createHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { NodeStreamableHTTPServerTransport } from "@modelcontextprotocol/node";
import {
  type CallToolResult,
  type EventStore,
  isInitializeRequest,
  type JSONRPCMessage,
  Server,
  type ServerContext,
} from "@modelcontextprotocol/server";
import type { ToolRegistry } from "@toolwright/tool-core";
import { serveRegistry } from "./serve-registry";

/** A tool handler of a test server: gets the raw arguments and the SDK's request context. */
export type TestToolHandler = (
  args: Record<string, unknown>,
  context: ServerContext,
) => CallToolResult | Promise<CallToolResult>;

/** A server "deployment": tools as listed (anything, even malformed) and their handlers. */
export interface TestServer {
  /** What `tools/list` answers now. */
  tools: unknown[];
  readonly handlers: Map<string, TestToolHandler>;
  /** How many `tools/list` requests all connections received. */
  listCount: number;
  /** The arguments of every call, in arrival order. */
  readonly calls: Array<{ name: string; args: Record<string, unknown> }>;
  /** The live server instances (one per connection). */
  readonly servers: Set<Server>;
  /** Connects a new client to a new server instance of this deployment. */
  connect(): Promise<Client>;
  /** Replaces the listing and tells every connected client. */
  setTools(tools: unknown[]): Promise<void>;
  /** Closes every connection from the server side, as a crash would. */
  crash(): Promise<void>;
}

/** A deployment of a test server; each `connect()` is one client ↔ server connection. */
export function createTestServer(
  tools: unknown[],
  handlers: Record<string, TestToolHandler> = {},
): TestServer {
  const deployment: TestServer = {
    tools,
    handlers: new Map(Object.entries(handlers)),
    listCount: 0,
    calls: [],
    servers: new Set(),
    async connect() {
      const server = new Server(
        { name: "test-server", version: "1.0.0" },
        { capabilities: { tools: { listChanged: true } } },
      );
      server.setRequestHandler("tools/list", () => {
        deployment.listCount += 1;
        return { tools: deployment.tools } as never;
      });
      server.setRequestHandler("tools/call", async (request, context) => {
        const args = (request.params.arguments ?? {}) as Record<string, unknown>;
        deployment.calls.push({ name: request.params.name, args });
        const handler = deployment.handlers.get(request.params.name);
        if (handler === undefined)
          return {
            content: [{ type: "text", text: `Tool ${request.params.name} not found` }],
            isError: true,
          };
        return handler(args, context);
      });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      deployment.servers.add(server);
      server.onclose = () => deployment.servers.delete(server);
      const client = new Client({ name: "toolwright-test", version: "1.0.0" });
      await client.connect(clientSide);
      return client;
    },
    async setTools(next) {
      deployment.tools = next;
      await Promise.all(
        [...deployment.servers].map((server) => server.sendToolListChanged().catch(() => {})),
      );
    },
    async crash() {
      await Promise.all([...deployment.servers].map((server) => server.close()));
    },
  };
  return deployment;
}

/** A plain listed tool with an object schema. */
export function listedTool(
  name: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    name,
    description: `The ${name} tool`,
    inputSchema: { type: "object", properties: {} },
    ...extra,
  };
}

/** Where an npm MCP server's entry point is, in this package's node_modules. */
export function serverEntry(packageName: "server-everything" | "server-filesystem"): string {
  return fileURLToPath(
    new URL(`../node_modules/@modelcontextprotocol/${packageName}/dist/index.js`, import.meta.url),
  );
}

/** Starts an npm MCP server over stdio with this Node (no npx, no network) and connects a client. */
export async function connectStdioServer(
  packageName: "server-everything" | "server-filesystem",
  args: string[],
): Promise<{ client: Client; transport: StdioClientTransport }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [serverEntry(packageName), ...args],
    stderr: "pipe",
  });
  const client = new Client({ name: "toolwright-test", version: "1.0.0" });
  await client.connect(transport);
  return { client, transport };
}

/** A promise with its resolver, for ordering tests without sleeps. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** Waits until `check` holds, polling; fails after `timeoutMs` (generous: 2 shared cores). */
export async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error("waitFor: condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * A real WAV file: a RIFF header and `seconds` of a 440 Hz tone as 16-bit mono PCM at
 * `sampleRate`, so a server that sniffs or serves audio gets what a recorder would write.
 */
export function createWav(sampleRate: number, seconds: number): Buffer {
  const samples = Math.round(sampleRate * seconds);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write("RIFF", 0, "ascii");
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write("WAVEfmt ", 8, "ascii");
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36, "ascii");
  wav.writeUInt32LE(samples * 2, 40);
  for (let index = 0; index < samples; index++) {
    const value = Math.round(Math.sin((2 * Math.PI * 440 * index) / sampleRate) * 12_000);
    wav.writeInt16LE(value, 44 + index * 2);
  }
  return wav;
}

/**
 * A registry served over Streamable HTTP on 127.0.0.1 with sessions: one long-lived `Server` per
 * session (so served tools can sample and elicit), an in-memory event store (so a stream closed
 * mid-call can be resumed) and a 100 ms retry hint.
 */
export async function startSessionHttpServer(
  registry: ToolRegistry,
): Promise<{ url: URL; sessions: () => number; close: () => Promise<void> }> {
  const sessions = new Map<string, NodeStreamableHTTPServerTransport>();
  const events: Array<{ id: string; streamId: string; message: JSONRPCMessage }> = [];
  const eventStore: EventStore = {
    async storeEvent(streamId, message) {
      const id = `${streamId}_${events.length}`;
      events.push({ id, streamId, message });
      return id;
    },
    async replayEventsAfter(lastEventId, { send }) {
      const index = events.findIndex((event) => event.id === lastEventId);
      const streamId = events[index]?.streamId ?? "";
      for (const event of events.slice(index + 1)) {
        if (event.streamId === streamId) await send(event.id, event.message);
      }
      return streamId;
    },
  };
  const http = createHttpServer((request, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const text = Buffer.concat(chunks).toString("utf8");
      const body: unknown = text === "" ? undefined : JSON.parse(text);
      const sessionId = request.headers["mcp-session-id"];
      let transport = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
      if (transport === undefined && isInitializeRequest(body)) {
        const created = new NodeStreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          eventStore,
          retryInterval: 100,
          onsessioninitialized: (id) => void sessions.set(id, created),
        });
        const server = new Server({ name: "toolwright-sessions", version: "1.0.0" });
        serveRegistry(registry, server);
        await server.connect(created);
        transport = created;
      }
      if (transport === undefined) {
        response.writeHead(404).end();
        return;
      }
      await transport.handleRequest(request, response, body);
    })();
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const url = new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`);
  return {
    url,
    sessions: () => sessions.size,
    async close() {
      for (const transport of sessions.values()) await transport.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}
