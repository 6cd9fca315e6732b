// A registry served over Streamable HTTP with sessions on 127.0.0.1 (one long-lived Server per
// session): concurrent sessions each get their own request, and a stream a tool closes mid-call is
// resumed with Last-Event-ID (SEP-1699), as a 2025-11-25 client sees it on the wire.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { defineTool, ToolRegistry } from "@toolwright/tool-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getMcpRequest } from "./get-mcp-request";
import { deferred, startSessionHttpServer } from "./test-support";

let bothStarted = deferred();
let started = 0;

const whoami = defineTool({
  name: "whoami",
  description: "Logs, waits for the other session, asks its client, and says what it saw",
  parameters: {
    type: "object",
    properties: { tag: { type: "string" } },
    required: ["tag"],
    additionalProperties: false,
  },
  execute: async (params, context) => {
    const request = getMcpRequest(context);
    if (request === undefined) throw new Error("no request");
    const tag = String(params.tag);
    await request.log("info", `log for ${tag}`);
    started += 1;
    if (started === 2) bothStarted.resolve();
    await bothStarted.promise;
    const answer = await request.elicit({
      message: `question for ${tag}`,
      requestedSchema: { type: "object", properties: { name: { type: "string" } } },
    });
    const body = {
      tag,
      sessionId: request.sessionId,
      toolCallId: context.toolCallId,
      answer: answer.content?.name,
    };
    return { content: [{ type: "text", text: JSON.stringify(body) }] };
  },
});

const reconnect = defineTool({
  name: "reconnect",
  description: "Closes its stream mid-call",
  execute: async (_params, context) => {
    getMcpRequest(context)?.closeStream?.();
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { content: [{ type: "text", text: "resumed" }] };
  },
});

let endpoint: Awaited<ReturnType<typeof startSessionHttpServer>>;
const clients: Client[] = [];

beforeAll(async () => {
  endpoint = await startSessionHttpServer(new ToolRegistry([whoami, reconnect]));
});

afterAll(async () => {
  for (const client of clients) await client.close();
  await endpoint.close();
});

async function connect(name: string) {
  const client = new Client(
    { name, version: "1.0.0" },
    { capabilities: { elicitation: { form: {} } } },
  );
  const transport = new StreamableHTTPClientTransport(endpoint.url);
  const questions: string[] = [];
  const logs: unknown[] = [];
  client.setRequestHandler("elicitation/create", (request) => {
    questions.push(request.params.message);
    return { action: "accept", content: { name } };
  });
  client.setNotificationHandler("notifications/message", (notification) => {
    logs.push(notification.params.data);
  });
  await client.connect(transport);
  clients.push(client);
  return { client, transport, questions, logs };
}

describe("serveRegistry over Streamable HTTP with sessions", () => {
  it("should give two concurrent sessions each their own request, never the other's", async () => {
    bothStarted = deferred();
    started = 0;
    const ada = await connect("ada");
    const bob = await connect("bob");
    expect(ada.transport.sessionId).toBeDefined();
    expect(ada.transport.sessionId).not.toBe(bob.transport.sessionId);
    const [fromAda, fromBob] = await Promise.all([
      ada.client.callTool({ name: "whoami", arguments: { tag: "ada" } }),
      bob.client.callTool({ name: "whoami", arguments: { tag: "bob" } }),
    ]);
    const seenByAda = JSON.parse((fromAda.content[0] as { text: string }).text);
    const seenByBob = JSON.parse((fromBob.content[0] as { text: string }).text);
    expect(seenByAda).toMatchObject({
      tag: "ada",
      sessionId: ada.transport.sessionId,
      answer: "ada",
    });
    expect(seenByBob).toMatchObject({
      tag: "bob",
      sessionId: bob.transport.sessionId,
      answer: "bob",
    });
    expect(seenByAda.toolCallId).not.toBe(seenByBob.toolCallId);
    expect(ada.questions).toEqual(["question for ada"]);
    expect(bob.questions).toEqual(["question for bob"]);
    expect(ada.logs).toEqual(["log for ada"]);
    expect(bob.logs).toEqual(["log for bob"]);
  });

  it("should prime the call's stream, close it mid-call and deliver the result on resumption (SEP-1699)", async () => {
    const { transport } = await connect("poller");
    const headers = {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-session-id": transport.sessionId ?? "",
      "mcp-protocol-version": "2025-11-25",
    };
    const post = await fetch(endpoint.url, {
      method: "POST",
      headers,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 77,
        method: "tools/call",
        params: { name: "reconnect", arguments: {} },
      }),
    });
    expect(post.headers.get("content-type")).toContain("text/event-stream");
    // The stream ends (the tool closed it) before the result is written.
    const events = (await post.text()).split("\n\n").filter((event) => event.trim() !== "");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatch(/^id: (\S+)\nretry: 100\ndata: $/);
    const primingId = /^id: (\S+)/.exec(events[0] ?? "")?.[1] ?? "";
    const get = await fetch(endpoint.url, {
      method: "GET",
      headers: { ...headers, accept: "text/event-stream", "last-event-id": primingId },
    });
    const reader = get.body?.pipeThrough(new TextDecoderStream()).getReader();
    let replayed = "";
    while (reader !== undefined && !replayed.includes('"id":77')) {
      const { value, done } = await reader.read();
      if (done) break;
      replayed += value;
    }
    await reader?.cancel();
    const data = /^data: (.*)$/m.exec(replayed)?.[1] ?? "{}";
    expect(JSON.parse(data)).toMatchObject({
      id: 77,
      result: { content: [{ type: "text", text: "resumed" }] },
    });
  });
});
