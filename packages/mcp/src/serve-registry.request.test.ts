// What a served tool gets of its MCP request (McpRequestSeam), what its client receives of its
// content and progress, and how the same tool behaves outside MCP — over the SDK's in-memory
// transport with one long-lived Server per connection.
import {
  Client,
  InMemoryTransport,
  type LoggingMessageNotification,
} from "@modelcontextprotocol/client";
import { Server } from "@modelcontextprotocol/server";
import { type Content, defineTool, ToolRegistry, type ToolUpdate } from "@toolwright/tool-core";
import { runToolCall } from "@toolwright/tool-exec";
import { describe, expect, it } from "vitest";
import { getMcpRequest } from "./get-mcp-request";
import { McpBridgeError } from "./mcp-bridge-error";
import { type McpRequest, McpRequestSeam } from "./mcp-request-seam";
import { serveRegistry } from "./serve-registry";
import type { ServeRegistryOptions } from "./serve-registry-options";

async function serve(
  registry: ToolRegistry,
  options?: ServeRegistryOptions,
  capabilities: ConstructorParameters<typeof Client>[1] = {},
) {
  const server = new Server({ name: "toolwright", version: "1.0.0" });
  serveRegistry(registry, server, options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test-client", version: "1.0.0" }, capabilities);
  const logs: LoggingMessageNotification["params"][] = [];
  client.setNotificationHandler("notifications/message", (notification) => {
    logs.push(notification.params);
  });
  await client.connect(clientSide);
  return { client, logs };
}

const annotations = { audience: ["user" as const], priority: 0.25 };

describe("serveRegistry content", () => {
  it("should send every block type one to one, a file as a resource link or an embedded blob", async () => {
    const blocks: Content[] = [
      { type: "text", text: "all of them", annotations },
      { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
      { type: "audio", data: "UklGRg==", mimeType: "audio/wav", annotations },
      {
        type: "resource_link",
        uri: "file:///r.txt",
        name: "r",
        title: "R",
        description: "The R",
        mimeType: "text/plain",
        size: 3,
      },
      { type: "resource", resource: { uri: "x:text", mimeType: "text/markdown", text: "# T" } },
      { type: "resource", resource: { uri: "x:blob", blob: "AAEC" }, annotations },
      { type: "file", url: "https://example.com/a.pdf", mimeType: "application/pdf" },
      { type: "file", data: "JVBERg==", mimeType: "application/pdf", filename: "my report.pdf" },
      { type: "file", data: "AAAA", mimeType: "application/octet-stream" },
    ];
    const everything = defineTool({
      name: "everything",
      description: "Returns every kind of block",
      execute: () => ({ content: blocks }),
    });
    const { client } = await serve(new ToolRegistry([everything]));
    const result = await client.callTool({ name: "everything", arguments: {} });
    expect(result.content).toEqual([
      ...blocks.slice(0, 6),
      {
        type: "resource_link",
        uri: "https://example.com/a.pdf",
        name: "https://example.com/a.pdf",
        mimeType: "application/pdf",
      },
      {
        type: "resource",
        resource: {
          uri: "toolwright:attachment/my%20report.pdf",
          mimeType: "application/pdf",
          blob: "JVBERg==",
        },
      },
      {
        type: "resource",
        resource: {
          uri: "toolwright:attachment/8",
          mimeType: "application/octet-stream",
          blob: "AAAA",
        },
      },
    ]);
  });
});

describe("McpRequestSeam", () => {
  it("should give a served tool its request: id, session, signal, logging, sampling and elicitation", async () => {
    let seen: McpRequest | undefined;
    const ask = defineTool({
      name: "ask",
      description: "Logs, samples and elicits",
      execute: async (_params, context) => {
        const request = getMcpRequest(context);
        if (request === undefined) throw new Error("no request");
        seen = request;
        await request.log("debug", "too quiet to be sent");
        await request.log("warning", { step: 1 }, "ask");
        const sampled = await request.sample({
          messages: [{ role: "user", content: { type: "text", text: "What is 2 + 2?" } }],
          maxTokens: 10,
        });
        const elicited = await request.elicit({
          message: "Your name?",
          requestedSchema: { type: "object", properties: { name: { type: "string" } } },
        });
        const answer = Array.isArray(sampled.content) ? sampled.content[0] : sampled.content;
        return {
          content: [
            {
              type: "text",
              text: `${answer?.type === "text" ? answer.text : "?"} / ${JSON.stringify(elicited.content)}`,
            },
          ],
        };
      },
    });
    const { client, logs } = await serve(
      new ToolRegistry([ask]),
      {},
      { capabilities: { sampling: {}, elicitation: { form: {} } } },
    );
    const prompts: unknown[] = [];
    client.setRequestHandler("sampling/createMessage", (request) => {
      prompts.push(request.params.messages);
      return {
        role: "assistant",
        content: { type: "text", text: "4" },
        model: "test-model",
        stopReason: "endTurn",
      };
    });
    client.setRequestHandler("elicitation/create", (request) => ({
      action: "accept",
      content: { name: request.params.message === "Your name?" ? "Ada" : "?" },
    }));
    await client.setLoggingLevel("info");
    const result = await client.callTool({ name: "ask", arguments: {} });
    expect(result).toEqual({ content: [{ type: "text", text: '4 / {"name":"Ada"}' }] });
    expect(logs).toEqual([{ level: "warning", data: { step: 1 }, logger: "ask" }]);
    expect(prompts).toEqual([
      [{ role: "user", content: { type: "text", text: "What is 2 + 2?" } }],
    ]);
    expect(seen?.requestId).toEqual(expect.any(Number));
    expect(seen?.sessionId).toBeUndefined();
    expect(seen?.signal).toBeInstanceOf(AbortSignal);
    expect(seen?.closeStream).toBeUndefined();
  });

  it("should let a tool that also runs outside MCP tell the seam is absent, without failing", async () => {
    const greet = defineTool({
      name: "greet",
      description: "Greets, and logs to an MCP client when there is one",
      execute: async (_params, context) => {
        const request = getMcpRequest(context);
        await request?.log("info", "greeting");
        return {
          content: [{ type: "text", text: request === undefined ? "hello, local" : "hello, MCP" }],
        };
      },
    });
    const registry = new ToolRegistry([greet]);
    const local = await runToolCall(
      { type: "toolCall", id: "1", name: "greet", arguments: {} },
      { tools: registry },
    );
    expect(local.isError).toBe(false);
    expect(local.result.content).toEqual([{ type: "text", text: "hello, local" }]);
    const { client, logs } = await serve(registry);
    expect((await client.callTool({ name: "greet", arguments: {} })).content).toEqual([
      { type: "text", text: "hello, MCP" },
    ]);
    expect(logs).toEqual([{ level: "info", data: "greeting" }]);
  });

  it("should refuse, outside MCP, a tool that declares the seam, naming it", async () => {
    const needsMcp = defineTool({
      name: "needs_mcp",
      description: "Only works when served",
      seams: [McpRequestSeam],
      execute: () => ({ content: [{ type: "text", text: "served" }] }),
    });
    const registry = new ToolRegistry([needsMcp]);
    const local = await runToolCall(
      { type: "toolCall", id: "1", name: "needs_mcp", arguments: {} },
      { tools: registry },
    );
    expect(local.isError).toBe(true);
    expect(local.result.content).toEqual([
      { type: "text", text: expect.stringContaining("mcp-request") },
    ]);
    const { client } = await serve(registry);
    expect((await client.callTool({ name: "needs_mcp", arguments: {} })).content).toEqual([
      { type: "text", text: "served" },
    ]);
  });

  it("should keep the run's own seams beside the request", async () => {
    const { defineSeam, provideSeam } = await import("@toolwright/tool-core");
    const ClockSeam = defineSeam<{ now(): number }>("clock");
    const tell = defineTool({
      name: "tell",
      description: "Tells the time",
      seams: [ClockSeam, McpRequestSeam],
      execute: (_params, context) => ({
        content: [{ type: "text", text: String(context.use(ClockSeam).now()) }],
      }),
    });
    const { client } = await serve(new ToolRegistry([tell]), {
      run: { seams: [provideSeam(ClockSeam, { now: () => 42 })] },
    });
    expect((await client.callTool({ name: "tell", arguments: {} })).content).toEqual([
      { type: "text", text: "42" },
    ]);
  });

  it("should reject sampling with the client's refusal when the client did not declare it", async () => {
    let failure: unknown;
    const sample = defineTool({
      name: "sample",
      description: "Samples",
      execute: async (_params, context) => {
        try {
          await getMcpRequest(context)?.sample({ messages: [], maxTokens: 1 });
        } catch (error) {
          failure = error;
        }
        return { content: [{ type: "text", text: "done" }] };
      },
    });
    const { client } = await serve(new ToolRegistry([sample]));
    await client.callTool({ name: "sample", arguments: {} });
    expect(failure).toBeInstanceOf(Error);
    expect(McpBridgeError.isInstance(failure)).toBe(false);
    // The SDK sends the request anyway; a client without sampling answers "Method not found".
    expect((failure as Error).message).toMatch(/method not found/i);
  });
});

describe("serveRegistry progress", () => {
  const steps: ToolUpdate[] = [
    { progress: 0, total: 100, message: "starting" },
    { progress: 50, total: 100 },
    { progress: 100, total: 100, content: [{ type: "text", text: "done" }] },
  ];

  it("should send the tool's progress, total and message, in order, with the first text as the fallback message", async () => {
    const work = defineTool({
      name: "work",
      description: "Reports progress",
      execute: (_params, context) => {
        for (const step of steps) context.onUpdate(step);
        return { content: [{ type: "text", text: "ok" }] };
      },
    });
    const { client } = await serve(new ToolRegistry([work]));
    const progress: unknown[] = [];
    await client.callTool(
      { name: "work", arguments: {} },
      { onprogress: (update) => progress.push(update) },
    );
    expect(progress).toEqual([
      { progress: 0, total: 100, message: "starting" },
      { progress: 50, total: 100 },
      { progress: 100, total: 100, message: "done" },
    ]);
  });

  it("should count updates that carry no progress", async () => {
    const chatty = defineTool({
      name: "chatty",
      description: "Updates without numbers",
      execute: (_params, context) => {
        context.onUpdate({ content: [{ type: "text", text: "one" }] });
        context.onUpdate({ details: { anything: true } });
        return { content: [{ type: "text", text: "ok" }] };
      },
    });
    const { client } = await serve(new ToolRegistry([chatty]));
    const progress: unknown[] = [];
    await client.callTool(
      { name: "chatty", arguments: {} },
      { onprogress: (update) => progress.push(update) },
    );
    expect(progress).toEqual([{ progress: 1, message: "one" }, { progress: 2 }]);
  });
});
