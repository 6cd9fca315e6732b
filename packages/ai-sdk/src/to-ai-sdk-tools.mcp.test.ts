import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { type CallToolResult, Server } from "@modelcontextprotocol/server";
import { type McpMount, mountMcpServer } from "@toolwright/mcp";
import { ToolRegistry } from "@toolwright/tool-core";
import { generateText, type ModelMessage } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { createScriptedModel, lastToolResults } from "./test-support";
import { toAiSdkTools } from "./to-ai-sdk-tools";

/** A real MCP server (the SDK's own `Server`) whose tool list the test changes while it runs. */
function createWeatherServer() {
  const calls: { name: string; args: unknown }[] = [];
  let tools: unknown[] = [
    {
      name: "current",
      description: "The weather now",
      inputSchema: {
        type: "object",
        properties: { city: { type: "string" } },
        required: ["city"],
      },
    },
  ];
  const server = new Server(
    { name: "weather", version: "1.0.0" },
    { capabilities: { tools: { listChanged: true } } },
  );
  server.setRequestHandler("tools/list", () => ({ tools }) as never);
  server.setRequestHandler("tools/call", (request): CallToolResult => {
    calls.push({ name: request.params.name, args: request.params.arguments });
    return {
      content: [
        {
          type: "text",
          text: `${request.params.name} for ${JSON.stringify(request.params.arguments)}`,
        },
      ],
    };
  });
  return {
    calls,
    async connect() {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      const client = new Client({ name: "toolwright-ai-sdk-test", version: "1.0.0" });
      await client.connect(clientSide);
      return client;
    },
    async setTools(next: unknown[]) {
      tools = next;
      await server.sendToolListChanged();
    },
  };
}

let mount: McpMount | undefined;
afterEach(async () => {
  await mount?.close();
  mount = undefined;
});

describe("toAiSdkTools with a mounted MCP server", () => {
  it("should offer a tool the server adds mid-conversation when the tool set is built per step", async () => {
    const server = createWeatherServer();
    const registry = new ToolRegistry();
    mount = await mountMcpServer(registry, await server.connect(), { id: "weather" });
    const { model, prompts } = createScriptedModel([
      [{ id: "c1", name: "weather__current", input: { city: "Oslo" } }],
      [{ id: "c2", name: "weather__forecast", input: { city: "Oslo", days: "3" } }],
      "Cold, then colder.",
    ]);
    const messages: ModelMessage[] = [{ role: "user", content: "Oslo weather?" }];
    const offered: string[][] = [];
    for (let step = 0; step < 3; step++) {
      // One step per generateText call, with the tool set built from the registry as it is now.
      const tools = toAiSdkTools(registry);
      offered.push(Object.keys(tools));
      const result = await generateText({ model, messages, tools });
      messages.push(...result.response.messages);
      if (step === 0) {
        const added = new Promise<void>((resolve) => {
          const unsubscribe = registry.subscribe(() => {
            if (registry.has("weather__forecast")) {
              unsubscribe();
              resolve();
            }
          });
        });
        await server.setTools([
          {
            name: "current",
            description: "The weather now",
            inputSchema: { type: "object", properties: { city: { type: "string" } } },
          },
          {
            name: "forecast",
            description: "The forecast",
            inputSchema: {
              type: "object",
              properties: { city: { type: "string" }, days: { type: "integer" } },
              required: ["city", "days"],
            },
          },
        ]);
        await added;
      }
      if (result.finishReason !== "tool-calls") break;
    }
    expect(offered).toEqual([
      ["weather__current"],
      ["weather__current", "weather__forecast"],
      ["weather__current", "weather__forecast"],
    ]);
    // What the model was offered each step, as the AI SDK sent it.
    expect(
      model.doGenerateCalls.map((call) => (call.tools ?? []).map((tool) => tool.name)),
    ).toEqual(offered);
    // The new tool ran on the server with the repaired integer.
    expect(server.calls).toEqual([
      { name: "current", args: { city: "Oslo" } },
      { name: "forecast", args: { city: "Oslo", days: 3 } },
    ]);
    expect(lastToolResults(prompts)).toMatchObject({
      c2: { type: "text", value: 'forecast for {"city":"Oslo","days":3}' },
    });
  });
});
