import { ToolRegistry, type ToolUpdate } from "@toolwright/tool-core";
import { executeToolBatch, runToolCall } from "@toolwright/tool-exec";
import { describe, expect, it } from "vitest";
import {
  CANCELLED_BY_CLIENT,
  connectionClosedText,
  inactivityText,
  notConnectedText,
  refusedText,
} from "./mcp-call-texts";
import type { McpMountEvent } from "./mcp-mount-event";
import { mountMcpServer } from "./mount-mcp-server";
import { createTestServer, deferred, listedTool, waitFor } from "./test-support";

function call(name: string, args: Record<string, unknown> = {}, id = `call-${name}`) {
  return { type: "toolCall" as const, id, name, arguments: args };
}

function textOf(outcome: { result: { content: readonly unknown[] } }): string {
  return (outcome.result.content as Array<{ text?: string }>).map((part) => part.text).join("\n");
}

/** A handler that never answers until the request is cancelled; tells the test what it saw. */
function hangingHandler(started: () => void, observed: unknown[]) {
  return (_args: Record<string, unknown>, context: { mcpReq: { signal: AbortSignal } }) =>
    new Promise<never>(() => {
      started();
      context.mcpReq.signal.addEventListener("abort", () =>
        observed.push(context.mcpReq.signal.reason),
      );
    });
}

describe("a mounted tool's execute", () => {
  it("should stream progress notifications to onUpdate, with their progress, total and message, and return the final result", async () => {
    const server = createTestServer([listedTool("work")], {
      work: async (_args, context) => {
        const progressToken = context.mcpReq._meta?.progressToken;
        expect(progressToken).toBeDefined();
        for (const [progress, message] of [
          [1, undefined],
          [2, "almost"],
        ] as const) {
          await context.mcpReq.notify({
            method: "notifications/progress",
            params: {
              progressToken: progressToken as string,
              progress,
              total: 2,
              ...(message && { message }),
            },
          });
        }
        return { content: [{ type: "text", text: "done" }] };
      },
    });
    const registry = new ToolRegistry();
    await mountMcpServer(registry, await server.connect(), { id: "s" });
    const updates: ToolUpdate[] = [];
    const outcome = await runToolCall(call("s__work"), {
      tools: registry,
      onUpdate: (update) => void updates.push(update),
    });
    expect(textOf(outcome)).toBe("done");
    expect(updates).toEqual([
      {
        content: [{ type: "text", text: "1/2" }],
        details: { progress: 1, total: 2, message: undefined },
        progress: 1,
        total: 2,
      },
      {
        content: [{ type: "text", text: "almost" }],
        details: { progress: 2, total: 2, message: "almost" },
        progress: 2,
        total: 2,
        message: "almost",
      },
    ]);
  });

  it("should relay an abort as notifications/cancelled with the fixed reason, never the executor's", async () => {
    const started = deferred();
    const observed: unknown[] = [];
    const server = createTestServer([listedTool("slow")], {
      slow: hangingHandler(started.resolve, observed),
    });
    const registry = new ToolRegistry();
    await mountMcpServer(registry, await server.connect(), { id: "s" });
    const controller = new AbortController();
    const running = runToolCall(call("s__slow"), { tools: registry, signal: controller.signal });
    await started.promise;
    controller.abort(new Error("the user pressed stop, with secrets in the reason"));
    const outcome = await running;
    expect(outcome.isError).toBe(true);
    await waitFor(() => observed.length === 1);
    expect(observed).toEqual([CANCELLED_BY_CLIENT]);
  });

  it("should cancel on the server when the executor's time limit passes, and report the executor's timeout", async () => {
    const started = deferred();
    const observed: unknown[] = [];
    const server = createTestServer([listedTool("slow")], {
      slow: hangingHandler(started.resolve, observed),
    });
    const registry = new ToolRegistry();
    await mountMcpServer(registry, await server.connect(), { id: "s", timeoutMs: 200 });
    expect(registry.get("s__slow")?.timeoutMs).toBe(200);
    const outcome = await runToolCall(call("s__slow"), { tools: registry });
    expect(textOf(outcome)).toMatch(/^Tool s__slow timed out after 200 ms/);
    await waitFor(() => observed.length === 1);
    expect(observed).toEqual([CANCELLED_BY_CLIENT]);
  });

  it("should end a call with the inactivity text when the server sends nothing within requestTimeoutMs", async () => {
    const observed: unknown[] = [];
    const server = createTestServer([listedTool("silent")], {
      silent: hangingHandler(() => {}, observed),
    });
    const registry = new ToolRegistry();
    await mountMcpServer(registry, await server.connect(), { id: "s", requestTimeoutMs: 300 });
    const outcome = await runToolCall(call("s__silent"), { tools: registry });
    expect(textOf(outcome)).toBe(inactivityText("s", 300));
    expect(textOf(outcome)).toBe('MCP server "s" sent no response or progress for 300 ms');
  });

  it("should let progress keep a long call alive past requestTimeoutMs (an inactivity limit, not a total one)", async () => {
    const server = createTestServer([listedTool("steady")], {
      steady: async (_args, context) => {
        const progressToken = context.mcpReq._meta?.progressToken as string;
        for (let step = 1; step <= 10; step++) {
          await new Promise((resolve) => setTimeout(resolve, 150));
          await context.mcpReq.notify({
            method: "notifications/progress",
            params: { progressToken, progress: step },
          });
        }
        return { content: [{ type: "text", text: "finished" }] };
      },
    });
    const registry = new ToolRegistry();
    await mountMcpServer(registry, await server.connect(), { id: "s", requestTimeoutMs: 1000 });
    const outcome = await runToolCall(call("s__steady"), { tools: registry });
    expect(textOf(outcome)).toBe("finished");
  });

  it("should give every in-flight call one result with the closed-connection text when the server dies", async () => {
    let startedCount = 0;
    const server = createTestServer(
      [listedTool("slow"), listedTool("read", { annotations: { readOnlyHint: true } })],
      {
        slow: hangingHandler(() => startedCount++, []),
        read: hangingHandler(() => startedCount++, []),
      },
    );
    const registry = new ToolRegistry();
    const events: McpMountEvent[] = [];
    const mount = await mountMcpServer(registry, await server.connect(), {
      id: "s",
      onEvent: (event) => events.push(event),
    });
    const batch = executeToolBatch(
      [call("s__read", {}, "1"), call("s__read", {}, "2"), call("s__slow", {}, "3")],
      { tools: registry },
    );
    await waitFor(() => startedCount === 3);
    await server.crash();
    const outcome = await batch;
    if (outcome.status !== "complete") throw new Error("expected a completed batch");
    const { messages } = outcome;
    expect(
      messages.map((message) => [message.toolCallId, message.isError, message.content]),
    ).toEqual(
      ["1", "2", "3"].map((id) => [id, true, [{ type: "text", text: connectionClosedText("s") }]]),
    );
    expect(mount.status).toBe("disconnected");
    expect(registry.size).toBe(2);
    const after = await runToolCall(call("s__read"), { tools: registry });
    expect(textOf(after)).toBe(notConnectedText("s"));
    expect(
      events
        .filter((event) => event.type === "status")
        .map((event) => event.type === "status" && event.status),
    ).toEqual(["connected", "disconnected"]);
  });

  it("should pass isError results through without validating their structured content", async () => {
    const outputSchema = {
      type: "object",
      properties: { n: { type: "number" } },
      required: ["n"],
      additionalProperties: false,
    };
    const server = createTestServer([listedTool("typed", { outputSchema })], {
      typed: (args) =>
        args.mode === "error"
          ? {
              content: [{ type: "text", text: "bad input" }],
              structuredContent: { error: "not the schema" },
              isError: true,
            }
          : args.mode === "wrong"
            ? { content: [], structuredContent: { n: "one" } }
            : { content: [], structuredContent: { n: 1 } },
    });
    const registry = new ToolRegistry();
    await mountMcpServer(registry, await server.connect(), { id: "s" });
    const error = await runToolCall(call("s__typed", { mode: "error" }), { tools: registry });
    expect(error.isError).toBe(true);
    expect(textOf(error)).toBe("bad input");
    expect(error.result.structuredContent).toBeUndefined();
    expect(error.result.details).toMatchObject({
      mcp: { isError: true, structuredContent: { error: "not the schema" } },
    });
    const wrong = await runToolCall(call("s__typed", { mode: "wrong" }), { tools: registry });
    expect(textOf(wrong)).toBe(
      'Output of tool "s__typed" does not match its schema:\n  - n: expected number, got string',
    );
    const ok = await runToolCall(call("s__typed", { mode: "ok" }), { tools: registry });
    expect(ok.isError).toBe(false);
    expect(ok.result.structuredContent).toEqual({ n: 1 });
    expect(textOf(ok)).toBe('{"n":1}');
    const unchecked = new ToolRegistry();
    await mountMcpServer(unchecked, await server.connect(), { id: "s", validateOutput: false });
    expect(
      (await runToolCall(call("s__typed", { mode: "wrong" }), { tools: unchecked })).isError,
    ).toBe(false);
  });

  it("should fail a successful result without the structured output its schema requires", async () => {
    const outputSchema = { type: "object", properties: { n: { type: "number" } } };
    const server = createTestServer([listedTool("shy", { outputSchema })], {
      shy: () => ({ content: [{ type: "text", text: "no structure" }] }),
    });
    const registry = new ToolRegistry();
    await mountMcpServer(registry, await server.connect(), { id: "s" });
    const outcome = await runToolCall(call("s__shy"), { tools: registry });
    expect(textOf(outcome)).toBe(
      'Output of tool "s__shy" does not match its schema:\n  - root: missing',
    );
  });

  it("should warn and skip output validation when the output schema does not compile", async () => {
    const server = createTestServer(
      [
        listedTool("odd", {
          outputSchema: { type: "object", properties: { p: { type: "string", pattern: "([" } } },
        }),
      ],
      {
        odd: () => ({ content: [{ type: "text", text: "fine" }], structuredContent: { p: 1 } }),
      },
    );
    const registry = new ToolRegistry();
    const events: McpMountEvent[] = [];
    await mountMcpServer(registry, await server.connect(), {
      id: "s",
      onEvent: (event) => events.push(event),
    });
    expect(events.find((event) => event.type === "tool_warning")).toMatchObject({ tool: "odd" });
    expect((await runToolCall(call("s__odd"), { tools: registry })).isError).toBe(false);
  });

  it("should turn a protocol error into the refused text", async () => {
    const server = createTestServer([listedTool("gone")]);
    server.handlers.set("gone", () => {
      throw new Error("database exploded");
    });
    const registry = new ToolRegistry();
    await mountMcpServer(registry, await server.connect(), { id: "s" });
    const outcome = await runToolCall(call("s__gone"), { tools: registry });
    expect(textOf(outcome)).toMatch(/^MCP server "s" refused the call to "gone": /);
    expect(textOf(outcome)).toContain("database exploded");
    expect(refusedText("s", "gone", "x")).toBe('MCP server "s" refused the call to "gone": x');
  });
});
