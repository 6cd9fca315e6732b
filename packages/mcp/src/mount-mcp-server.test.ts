import { ToolRegistry } from "@toolwright/tool-core";
import { runToolCall } from "@toolwright/tool-exec";
import { describe, expect, it } from "vitest";
import { getMcpToolInfo } from "./get-mcp-tool-info";
import { McpBridgeError } from "./mcp-bridge-error";
import type { McpMountEvent } from "./mcp-mount-event";
import { mountMcpServer } from "./mount-mcp-server";
import { createTestServer, listedTool } from "./test-support";

const addSchema = {
  type: "object",
  properties: { a: { type: "number" }, b: { type: "number" } },
  required: ["a", "b"],
  $schema: "http://json-schema.org/draft-07/schema#",
};

function call(name: string, args: Record<string, unknown>) {
  return { type: "toolCall" as const, id: `call-${name}`, name, arguments: args };
}

describe("mountMcpServer", () => {
  it("should register the server's tools in server order under prefixed, sanitized names", async () => {
    const server = createTestServer([
      listedTool("zeta"),
      listedTool("alpha.read"),
      listedTool("get-sum"),
    ]);
    const registry = new ToolRegistry();
    const events: McpMountEvent[] = [];
    const mount = await mountMcpServer(registry, await server.connect(), {
      id: "calc",
      onEvent: (event) => events.push(event),
    });
    expect(registry.list().map((tool) => tool.name)).toEqual([
      "calc__zeta",
      "calc__alpha_read",
      "calc__get-sum",
    ]);
    expect(mount.tools().map((tool) => tool.name)).toEqual([
      "calc__zeta",
      "calc__alpha_read",
      "calc__get-sum",
    ]);
    expect(mount.status).toBe("connected");
    expect(events.filter((event) => event.type === "tools_changed")).toEqual([
      {
        type: "tools_changed",
        mountId: "calc",
        added: ["calc__zeta", "calc__alpha_read", "calc__get-sum"],
        removed: [],
        changed: [],
      },
    ]);
    await mount.close();
    expect(registry.size).toBe(0);
  });

  it("should keep dots with the mcp charset, bare names with an empty prefix, and order by name on request", async () => {
    const server = createTestServer([listedTool("b.two"), listedTool("a.one")]);
    const registry = new ToolRegistry();
    await mountMcpServer(registry, await server.connect(), {
      id: "s",
      prefix: "",
      names: { charset: "mcp" },
      order: "name",
    });
    expect(registry.list().map((tool) => tool.name)).toEqual(["a.one", "b.two"]);
  });

  it("should shorten long names with a hash and give a later sanitize-collision its own hash", async () => {
    const long = "x".repeat(80);
    const server = createTestServer([listedTool("a.b"), listedTool("a_b"), listedTool(long)]);
    const registry = new ToolRegistry();
    const mount = await mountMcpServer(registry, await server.connect(), { id: "s" });
    const [first, second, third] = mount.tools().map((tool) => tool.name);
    expect(first).toBe("s__a_b");
    expect(second).toMatch(/^s__a_b_[0-9a-f]{8}$/);
    expect(third).toHaveLength(64);
    expect(third).toMatch(/^s__x{52}_[0-9a-f]{8}$/);
    expect(getMcpToolInfo(registry.get(second as string) as never)?.name).toBe("a_b");
  });

  it("should map description, label, parameters (as-is, frozen), lock keys and replay from the listing", async () => {
    const server = createTestServer([
      listedTool("read", {
        title: "Read it",
        annotations: { readOnlyHint: true },
        inputSchema: addSchema,
      }),
      listedTool("write", {
        description: undefined,
        annotations: { title: "Writer", idempotentHint: true },
      }),
      listedTool("plain", { description: "" }),
    ]);
    const registry = new ToolRegistry();
    await mountMcpServer(registry, await server.connect(), { id: "s", trustAnnotations: true });
    const read = registry.get("s__read");
    const write = registry.get("s__write");
    const plain = registry.get("s__plain");
    expect(read?.label).toBe("Read it");
    expect(read?.parameters).toEqual(addSchema);
    expect(Object.isFrozen(read?.parameters)).toBe(true);
    expect(read?.lockKeys).toBeUndefined();
    expect(read?.replay).toBe("safe");
    expect(write?.description).toBe("Writer");
    expect(write?.lockKeys?.({})).toEqual(["mcp:s"]);
    expect(write?.replay).toBe("safe");
    expect(plain?.description).toBe("MCP tool plain from server s");
    expect(plain?.replay).toBe("never");
    expect(getMcpToolInfo(write as never)?.effectiveHints).toEqual({
      readOnly: false,
      destructive: true,
      idempotent: true,
      openWorld: true,
    });
    expect(getMcpToolInfo(read as never)?.serverInfo).toMatchObject({ name: "test-server" });
  });

  it("should never loosen replay from untrusted annotations, and serialize every call with concurrency serial", async () => {
    const server = createTestServer([listedTool("read", { annotations: { readOnlyHint: true } })]);
    const untrusted = new ToolRegistry();
    await mountMcpServer(untrusted, await server.connect(), { id: "s", concurrency: "serial" });
    expect(untrusted.get("s__read")?.replay).toBe("never");
    expect(untrusted.get("s__read")?.lockKeys?.({})).toEqual(["mcp:s"]);
    const parallel = new ToolRegistry();
    await mountMcpServer(parallel, await server.connect(), { id: "s", concurrency: "parallel" });
    expect(parallel.get("s__read")?.lockKeys).toBeUndefined();
  });

  it("should coerce and validate arguments locally, so an invalid call never reaches the server", async () => {
    const server = createTestServer([listedTool("add", { inputSchema: addSchema })], {
      add: (args) => ({
        content: [{ type: "text", text: String((args.a as number) + (args.b as number)) }],
      }),
    });
    const registry = new ToolRegistry();
    await mountMcpServer(registry, await server.connect(), { id: "calc" });
    const ok = await runToolCall(call("calc__add", { a: "40", b: 2 }), { tools: registry });
    expect(ok.result.content).toEqual([{ type: "text", text: "42" }]);
    expect(server.calls).toEqual([{ name: "add", args: { a: 40, b: 2 } }]);
    const bad = await runToolCall(call("calc__add", { a: "forty" }), { tools: registry });
    expect(bad.isError).toBe(true);
    expect((bad.result.content[0] as { text: string }).text).toContain(
      'Validation failed for tool "calc__add"',
    );
    expect(server.calls).toHaveLength(1);
  });

  it("should skip malformed tools, tools that need tasks and schemas that do not compile, and mount the rest", async () => {
    const server = createTestServer([
      listedTool("good"),
      { name: "no-schema" },
      listedTool("string-root", { inputSchema: { type: "string" } }),
      "not a tool",
      listedTool("task-only", { execution: { taskSupport: "required" } }),
      listedTool("bad-pattern", {
        inputSchema: { type: "object", properties: { p: { type: "string", pattern: "([" } } },
      }),
      listedTool("also-good"),
    ]);
    const registry = new ToolRegistry();
    const events: McpMountEvent[] = [];
    const client = await server.connect();
    // The SDK refuses the whole listing; the mount falls back to its own page walk.
    await expect(client.listTools()).rejects.toMatchObject({ code: "INVALID_RESULT" });
    await mountMcpServer(registry, client, { id: "s", onEvent: (event) => events.push(event) });
    expect(registry.list().map((tool) => tool.name)).toEqual(["s__good", "s__also-good"]);
    const skipped = events.flatMap((event) =>
      event.type === "tool_skipped" ? [[event.tool, event.code]] : [],
    );
    expect(skipped).toEqual([
      ["no-schema", "INVALID_TOOL"],
      ["string-root", "INVALID_TOOL"],
      ['"not a tool"', "INVALID_TOOL"],
      ["task-only", "TASK_REQUIRED"],
      ["bad-pattern", "INVALID_SCHEMA"],
    ]);
  });

  it("should survive a schema nested 10,000 deep and a listing of 2,000 tools", async () => {
    let deep: Record<string, unknown> = { type: "string" };
    for (let depth = 0; depth < 10_000; depth++)
      deep = { type: "object", properties: { next: deep } };
    const many = Array.from({ length: 2000 }, (_, index) => listedTool(`tool_${index}`));
    const server = createTestServer([listedTool("deep", { inputSchema: deep }), ...many]);
    const registry = new ToolRegistry();
    const events: McpMountEvent[] = [];
    const mount = await mountMcpServer(registry, await server.connect(), {
      id: "s",
      onEvent: (event) => events.push(event),
    });
    expect(registry.size).toBeGreaterThanOrEqual(2000);
    expect(registry.has("s__tool_1999")).toBe(true);
    expect(registry.has("s__deep")).toBe(false);
    expect(events).toContainEqual(
      expect.objectContaining({ type: "tool_skipped", tool: "deep", code: "INVALID_SCHEMA" }),
    );
    expect(await mount.refresh()).toEqual({ added: [], removed: [], changed: [] });
  });

  it("should skip a name the server lists twice, keeping the first", async () => {
    const server = createTestServer([
      listedTool("twin"),
      listedTool("twin", { description: "Second" }),
    ]);
    const registry = new ToolRegistry();
    const events: McpMountEvent[] = [];
    await mountMcpServer(registry, await server.connect(), {
      id: "s",
      onEvent: (event) => events.push(event),
    });
    expect(registry.list().map((tool) => [tool.name, tool.description])).toEqual([
      ["s__twin", "The twin tool"],
    ]);
    expect(events.find((event) => event.type === "tool_skipped")).toMatchObject({
      tool: "twin",
      code: "INVALID_TOOL",
    });
  });

  it("should apply include, exclude, filter and transformTool, and survive throwing callbacks", async () => {
    const server = createTestServer([
      listedTool("a"),
      listedTool("b"),
      listedTool("c"),
      listedTool("d"),
      listedTool("e"),
    ]);
    const registry = new ToolRegistry();
    await mountMcpServer(registry, await server.connect(), {
      id: "s",
      exclude: ["b"],
      filter: (tool) => {
        if (tool.name === "c") throw new Error("no");
        return true;
      },
      transformTool: (tool) =>
        tool.name === "d" ? undefined : { ...tool, description: `fixed ${tool.name}` },
      onEvent: () => {
        throw new Error("listener bug");
      },
    });
    expect(registry.list().map((tool) => [tool.name, tool.description])).toEqual([
      ["s__a", "fixed a"],
      ["s__e", "fixed e"],
    ]);
    const only = new ToolRegistry();
    await mountMcpServer(only, await server.connect(), { id: "s", include: ["c"] });
    expect(only.list().map((tool) => tool.name)).toEqual(["s__c"]);
  });

  it("should skip a name taken in the registry, or reject the whole mount with onCollision throw", async () => {
    const server = createTestServer([listedTool("a"), listedTool("b")]);
    const registry = new ToolRegistry();
    await mountMcpServer(registry, await server.connect(), { id: "s", prefix: "", include: ["b"] });
    const events: McpMountEvent[] = [];
    await mountMcpServer(registry, await server.connect(), {
      id: "t",
      prefix: "",
      onEvent: (event) => events.push(event),
    });
    expect(registry.list().map((tool) => tool.name)).toEqual(["b", "a"]);
    expect(events.find((event) => event.type === "tool_skipped")).toMatchObject({
      tool: "b",
      code: "NAME_COLLISION",
    });
    const strict = new ToolRegistry();
    await mountMcpServer(strict, await server.connect(), { id: "s", prefix: "", include: ["b"] });
    const failure = await mountMcpServer(strict, await server.connect(), {
      id: "u",
      prefix: "",
      onCollision: "throw",
    }).catch((error) => error);
    expect(McpBridgeError.isInstance(failure) && failure.code).toBe("NAME_COLLISION");
    expect(strict.list().map((tool) => tool.name)).toEqual(["b"]);
  });

  it("should treat a collision on a later refresh as a skip even with onCollision throw", async () => {
    const server = createTestServer([listedTool("a")]);
    const registry = new ToolRegistry();
    const events: McpMountEvent[] = [];
    const mount = await mountMcpServer(registry, await server.connect(), {
      id: "s",
      onCollision: "throw",
      timeoutMs: (tool) => (tool.name === "slow" ? 5000 : undefined),
      onEvent: (event) => events.push(event),
    });
    registry.register({ ...(registry.get("s__a") as object), name: "s__taken" } as never);
    server.tools = [listedTool("a"), listedTool("taken"), listedTool("slow")];
    expect(await mount.refresh()).toEqual({ added: ["s__slow"], removed: [], changed: [] });
    expect(events.at(-2)).toMatchObject({
      type: "tool_skipped",
      tool: "taken",
      code: "NAME_COLLISION",
    });
    expect(registry.get("s__slow")?.timeoutMs).toBe(5000);
    expect(registry.get("s__a")?.timeoutMs).toBeUndefined();
  });

  it("should reject bad options and a failed first listing with codes, registering nothing", async () => {
    const registry = new ToolRegistry();
    const server = createTestServer([listedTool("a")]);
    const client = await server.connect();
    for (const options of [
      { id: "has space" },
      { id: "" },
      { id: "x".repeat(33) },
      { id: "ok", names: { maxLength: 9 } },
      { id: "ok", requestTimeoutMs: -1 },
    ]) {
      const error = await mountMcpServer(registry, client, options).catch((caught) => caught);
      expect(McpBridgeError.isInstance(error) && error.code).toBe("INVALID_OPTIONS");
    }
    const failing = await mountMcpServer(
      registry,
      async () => {
        throw new Error("spawn failed");
      },
      { id: "down" },
    ).catch((error) => error);
    expect(failing).toMatchObject({
      code: "LIST_FAILED",
      message: 'MCP server "down" could not be connected: spawn failed',
    });
    expect((failing as Error).cause).toBeInstanceOf(Error);
    await client.close();
    const closed = await mountMcpServer(registry, client, { id: "gone" }).catch((error) => error);
    expect(closed).toMatchObject({ code: "LIST_FAILED" });
    expect(registry.size).toBe(0);
  });
});
