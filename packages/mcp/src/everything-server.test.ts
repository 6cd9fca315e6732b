// The reference "everything" server from npm, over stdio: one process for this file, started from
// node_modules with this Node (no npx, no network).
import { ToolRegistry, type ToolUpdate } from "@toolwright/tool-core";
import { runToolCall } from "@toolwright/tool-exec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { McpResultDetails } from "./call-mounted-tool";
import { getMcpToolInfo } from "./get-mcp-tool-info";
import type { McpMount } from "./mcp-mount";
import type { McpMountEvent } from "./mcp-mount-event";
import { mountMcpServer } from "./mount-mcp-server";
import { connectStdioServer } from "./test-support";

const registry = new ToolRegistry();
const events: McpMountEvent[] = [];
let mount: McpMount;

beforeAll(async () => {
  mount = await mountMcpServer(
    registry,
    async () => (await connectStdioServer("server-everything", ["stdio"])).client,
    {
      id: "everything",
      onEvent: (event) => events.push(event),
    },
  );
  await mount.settled();
});

afterAll(async () => {
  await mount?.close();
});

function call(name: string, args: Record<string, unknown> = {}) {
  return {
    type: "toolCall" as const,
    id: `call-${name}`,
    name: `everything__${name}`,
    arguments: args,
  };
}

function texts(outcome: { result: { content: readonly unknown[] } }): string[] {
  return (outcome.result.content as Array<{ type: string; text?: string }>).map(
    (part) => part.text ?? `<${part.type}>`,
  );
}

describe("mountMcpServer with @modelcontextprotocol/server-everything over stdio", () => {
  it("should mount its tools under prefixed names and skip the task-only one", () => {
    const names = registry.list().map((tool) => tool.name);
    for (const name of [
      "echo",
      "get-sum",
      "get-structured-content",
      "trigger-long-running-operation",
      "get-resource-links",
    ]) {
      expect(names).toContain(`everything__${name}`);
    }
    expect(names).not.toContain("everything__simulate-research-query");
    expect(events).toContainEqual(
      expect.objectContaining({
        type: "tool_skipped",
        tool: "simulate-research-query",
        code: "TASK_REQUIRED",
      }),
    );
    const echo = registry.get("everything__echo");
    expect(echo?.label).toBe("Echo Tool");
    expect(echo?.lockKeys).toBeUndefined();
    expect(getMcpToolInfo(echo as never)).toMatchObject({
      mountId: "everything",
      name: "echo",
      serverInfo: { name: "mcp-servers/everything" },
    });
  });

  it("should coerce the model's strings locally before the server's own validation sees them", async () => {
    const sum = await runToolCall(call("get-sum", { a: "40", b: "2" }), { tools: registry });
    expect(sum.isError).toBe(false);
    expect(texts(sum).join("")).toContain("42");
    const missing = await runToolCall(call("get-sum", { a: 1 }), { tools: registry });
    expect(texts(missing)[0]).toContain('Validation failed for tool "everything__get-sum"');
  });

  it("should stream progress of a long operation as updates", async () => {
    const updates: ToolUpdate[] = [];
    const outcome = await runToolCall(
      call("trigger-long-running-operation", { duration: 0.6, steps: 3 }),
      {
        tools: registry,
        onUpdate: (update) => void updates.push(update),
      },
    );
    expect(texts(outcome)[0]).toContain("Long running operation completed");
    expect(updates.map((update) => update.content?.[0])).toEqual(
      [1, 2, 3].slice(0, updates.length).map((step) => ({ type: "text", text: `${step}/3` })),
    );
    expect(updates.length).toBeGreaterThanOrEqual(2);
  });

  it("should keep resource links, embedded resources and audience-annotated blocks one to one", async () => {
    const links = await runToolCall(call("get-resource-links", { count: 2 }), { tools: registry });
    expect(links.result.content.slice(1)).toEqual([
      {
        type: "resource_link",
        uri: "demo://resource/dynamic/blob/1",
        name: "Blob Resource 1",
        description: "Resource 1: plaintext resource",
        mimeType: "text/plain",
      },
      {
        type: "resource_link",
        uri: "demo://resource/dynamic/text/2",
        name: "Text Resource 2",
        description: "Resource 2: plaintext resource",
        mimeType: "text/plain",
      },
    ]);
    const blob = await runToolCall(
      call("get-resource-reference", { resourceType: "Blob", resourceId: 1 }),
      { tools: registry },
    );
    const embedded = blob.result.content.find((block) => block.type === "resource");
    expect(embedded).toEqual({
      type: "resource",
      resource: {
        uri: "demo://resource/dynamic/blob/1",
        mimeType: "text/plain",
        blob: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
      },
    });
    const annotated = await runToolCall(
      call("get-annotated-message", { messageType: "debug", includeImage: true }),
      { tools: registry },
    );
    const details = annotated.result.details as McpResultDetails;
    expect(annotated.result.content).toEqual(details.mcp.content);
    expect(annotated.result.content.map((block) => block.annotations?.audience)).toEqual([
      ["assistant"],
      ["user"],
    ]);
  });

  it("should validate structured content against the declared output schema and keep it", async () => {
    const outcome = await runToolCall(call("get-structured-content", { location: "Chicago" }), {
      tools: registry,
    });
    expect(outcome.isError).toBe(false);
    expect(outcome.result.structuredContent).toMatchObject({
      temperature: expect.any(Number),
      conditions: expect.any(String),
    });
  });
});
