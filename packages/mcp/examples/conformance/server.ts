// A Toolwright registry served over Streamable HTTP on 127.0.0.1 with serveRegistry: one
// long-lived `Server` per session (so served tools can log, sample and elicit), an in-memory event
// store (so a stream closed mid-call resumes with Last-Event-ID), and Host-header validation
// against DNS rebinding. Prints `listening <url>` on stdout; stops on SIGTERM or SIGINT.
//
//   node examples/conformance/server.ts [port]     (Node ≥ 22.18 runs the TypeScript as is)
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import {
  localhostHostValidation,
  NodeStreamableHTTPServerTransport,
} from "@modelcontextprotocol/node";
import { type EventStore, isInitializeRequest, Server } from "@modelcontextprotocol/server";
import { serveRegistry } from "@toolwright/mcp/server";
import { createConformanceRegistry } from "./registry.ts";

type StoredMessage = Parameters<EventStore["storeEvent"]>[1];

/** Keeps every event of every stream in memory, so a client can resume after any of them. */
function createMemoryEventStore(): EventStore {
  const events: Array<{ id: string; streamId: string; message: StoredMessage }> = [];
  return {
    async storeEvent(streamId, message) {
      const id = `${streamId}_${events.length}`;
      events.push({ id, streamId, message });
      return id;
    },
    async getStreamIdForEventId(eventId) {
      return events.find((event) => event.id === eventId)?.streamId;
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
}

async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text === "" ? undefined : JSON.parse(text);
}

const registry = createConformanceRegistry();
const sessions = new Map<string, NodeStreamableHTTPServerTransport>();
const validateHost = localhostHostValidation();

async function openSession(): Promise<NodeStreamableHTTPServerTransport> {
  const transport = new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    eventStore: createMemoryEventStore(),
    retryInterval: 100,
    onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
    onsessionclosed: (sessionId) => void sessions.delete(sessionId),
  });
  const server = new Server({ name: "toolwright-conformance", version: "1.0.0" });
  serveRegistry(registry, server);
  await server.connect(transport);
  return transport;
}

const http = createServer((request, response) => {
  if (!validateHost(request, response)) return;
  void (async () => {
    const sessionId = request.headers["mcp-session-id"];
    const body = request.method === "POST" ? await readJsonBody(request) : undefined;
    let transport = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
    if (transport === undefined && sessionId === undefined && isInitializeRequest(body)) {
      transport = await openSession();
    }
    if (transport === undefined) {
      response.writeHead(sessionId === undefined ? 400 : 404, {
        "content-type": "application/json",
      });
      response.end(
        JSON.stringify({
          jsonrpc: "2.0",
          error: { code: -32000, message: "No valid session: send initialize first" },
          id: null,
        }),
      );
      return;
    }
    await transport.handleRequest(request, response, body);
  })().catch((error: unknown) => {
    if (!response.headersSent) response.writeHead(400, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        jsonrpc: "2.0",
        error: { code: -32700, message: error instanceof Error ? error.message : String(error) },
        id: null,
      }),
    );
  });
});

const port = Number(process.argv[2] ?? 0);
http.listen(port, "127.0.0.1", () => {
  const { port: bound } = http.address() as AddressInfo;
  process.stdout.write(`listening http://127.0.0.1:${bound}/mcp\n`);
});

const stop = () => {
  for (const transport of sessions.values()) void transport.close();
  http.closeAllConnections();
  http.close(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
