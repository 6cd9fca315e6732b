// A real stdio server that is slow, then killed with SIGKILL in the middle of calls, then started
// again by the mount's factory: every call still gets exactly one result, and the redeployed
// server's tools keep their Tool objects, so the transcript declares nothing new.
import type { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { type Message, ToolRegistry } from "@toolwright/tool-core";
import { executeToolBatch, runToolCall } from "@toolwright/tool-exec";
import { declareToolChanges } from "@toolwright/transcript";
import { describe, expect, it } from "vitest";
import { connectionClosedText, inactivityText } from "./mcp-call-texts";
import type { McpMountEvent } from "./mcp-mount-event";
import { mountMcpServer } from "./mount-mcp-server";
import { connectStdioServer, waitFor } from "./test-support";

describe("mountMcpServer with a stdio server that is slow, then killed", () => {
  it("should report silence, close in-flight calls on SIGKILL, and reconnect without a declaration change", async () => {
    const transports: StdioClientTransport[] = [];
    const events: McpMountEvent[] = [];
    const registry = new ToolRegistry();
    const mount = await mountMcpServer(
      registry,
      async () => {
        const { client, transport } = await connectStdioServer("server-everything", ["stdio"]);
        transports.push(transport);
        return client;
      },
      {
        id: "ev",
        requestTimeoutMs: 800,
        reconnect: { initialDelayMs: 50 },
        onEvent: (event) => events.push(event),
      },
    );
    try {
      await mount.settled();
      const long = (id: string, duration: number, steps: number) => ({
        type: "toolCall" as const,
        id,
        name: "ev__trigger-long-running-operation",
        arguments: { duration, steps },
      });
      // Slow: one step of 2 s sends nothing for longer than the 800 ms inactivity limit.
      const silent = await runToolCall(long("silent", 2, 1), { tools: registry });
      expect(silent.result.content).toEqual([{ type: "text", text: inactivityText("ev", 800) }]);

      const messages: Message[] = [];
      const first = declareToolChanges({ messages, tools: registry }, [
        { role: "user", content: "go", timestamp: 1 },
      ]);
      messages.push(...(first as Message[]));
      const toolsBefore = registry.list();

      // Killed mid-call: three calls in flight, each must end with the closed-connection text.
      const batch = executeToolBatch([long("1", 20, 40), long("2", 20, 40), long("3", 20, 40)], {
        tools: registry,
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const pid = transports[0]?.pid;
      expect(pid).toBeGreaterThan(0);
      process.kill(pid as number, "SIGKILL");
      const outcome = await batch;
      if (outcome.status !== "complete") throw new Error("expected a completed batch");
      const { messages: results } = outcome;
      expect(
        results.map((message) => [message.toolCallId, message.isError, message.content]),
      ).toEqual(
        ["1", "2", "3"].map((id) => [
          id,
          true,
          [{ type: "text", text: connectionClosedText("ev") }],
        ]),
      );

      // The factory starts a new process; its listing equals the old one, so nothing changes.
      await waitFor(() => mount.status === "connected" && transports.length === 2, 30_000);
      await mount.settled();
      expect(registry.list()).toEqual(toolsBefore);
      expect(registry.list().every((tool, index) => tool === toolsBefore[index])).toBe(true);
      const pending = [{ role: "user" as const, content: "again", timestamp: 2 }];
      expect(declareToolChanges({ messages, tools: registry }, pending)).toBe(pending);
      const statuses = events.flatMap((event) => (event.type === "status" ? [event.status] : []));
      expect(statuses).toEqual(["connected", "disconnected", "reconnecting", "connected"]);
      const echo = await runToolCall(
        { type: "toolCall", id: "e", name: "ev__echo", arguments: { message: "back" } },
        { tools: registry },
      );
      expect(echo.result.content).toEqual([{ type: "text", text: "Echo: back" }]);
    } finally {
      await mount.close();
    }
  });
});
