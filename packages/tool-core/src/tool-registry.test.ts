import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { buildToolDeclaration } from "./build-tool-declaration";
import { defineTool, type Tool } from "./define-tool";
import { ToolError } from "./tool-error";
import { ToolRegistry, type ToolRegistryChange } from "./tool-registry";
import { validateToolOutput } from "./validate-tool-output";

const echo = defineTool({
  name: "echo",
  description: "Echo the text back",
  label: "Echo",
  parameters: Type.Object({ text: Type.String() }),
  execute: async ({ text }) => ({ content: [{ type: "text", text }] }),
});

const ping = defineTool({
  name: "ping",
  description: "Answer pong",
  execute: () => ({ content: [{ type: "text", text: "pong" }] }),
});

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    return ToolError.isInstance(error) ? error.code : "not a ToolError";
  }
  return undefined;
}

describe("ToolRegistry", () => {
  it("should register, look up and list tools in registration order", () => {
    const registry = new ToolRegistry([ping, echo]);
    expect(registry.size).toBe(2);
    expect(registry.get("echo")).toBe(echo);
    expect(registry.has("ping")).toBe(true);
    expect(registry.has("nope")).toBe(false);
    expect(registry.get("__proto__")).toBeUndefined();
    expect(registry.list().map((tool) => tool.name)).toEqual(["ping", "echo"]);
  });

  it("should unregister by name and say whether there was one", () => {
    const registry = new ToolRegistry([echo]);
    expect(registry.unregister("echo")).toBe(true);
    expect(registry.unregister("echo")).toBe(false);
    expect(registry.list()).toEqual([]);
  });

  it("should refuse a duplicate name with the SPEC message", () => {
    const registry = new ToolRegistry([echo]);
    expect(() => registry.register(echo)).toThrow("Tool already registered: echo");
    expect(codeOf(() => registry.register(echo))).toBe("DUPLICATE_TOOL");
  });

  it.each(["", "has space", "a/b", "ü", "x".repeat(129), "semi;colon"])(
    "should refuse the name %j",
    (name) => {
      expect(codeOf(() => new ToolRegistry().register({ ...ping, name }))).toBe("INVALID_TOOL");
    },
  );

  it.each(["a", "read_file", "ns.tool-2", "x".repeat(128)])("should accept the name %j", (name) => {
    expect(codeOf(() => new ToolRegistry().register({ ...ping, name }))).toBeUndefined();
  });

  it("should refuse a tool without a description, or without execute", () => {
    expect(codeOf(() => new ToolRegistry().register({ ...ping, description: "" }))).toBe(
      "INVALID_TOOL",
    );
    expect(
      codeOf(() =>
        new ToolRegistry().register({ ...ping, description: undefined } as unknown as Tool),
      ),
    ).toBe("INVALID_TOOL");
    expect(
      codeOf(() => new ToolRegistry().register({ ...ping, execute: undefined } as unknown as Tool)),
    ).toBe("INVALID_TOOL");
    expect(codeOf(() => new ToolRegistry().register(null as unknown as Tool))).toBe("INVALID_TOOL");
  });

  it("should refuse a parameters schema that does not compile, with the compiler's message", () => {
    const broken = { ...ping, parameters: { type: "object", properties: { a: { type: 5 } } } };
    const registry = new ToolRegistry();
    let caught: unknown;
    try {
      registry.register(broken);
    } catch (error) {
      caught = error;
    }
    expect(ToolError.isInstance(caught) && caught.code).toBe("INVALID_SCHEMA");
    expect((caught as Error).message).toContain("Invalid parameters schema for tool ping: ");
    expect((caught as Error).cause).toBeInstanceOf(Error);
    expect((caught as Error).message).toContain(((caught as Error).cause as Error).message);
    expect(registry.has("ping")).toBe(false);
  });

  it("should accept an output schema written the usual way, and validate it as written", () => {
    // TypeBox, Zod and MCP servers leave additionalProperties unset: such objects are open.
    const weather = defineTool({
      name: "weather",
      description: "Weather",
      outputSchema: Type.Object({ temp: Type.Number() }),
      execute: () => ({ content: [] }),
    });
    const report = defineTool({
      name: "report",
      description: "A report",
      output: {
        schema: Type.Object({ items: Type.Array(Type.Object({ id: Type.String() })) }),
        render: (value) => JSON.stringify(value),
      },
      execute: () => ({ items: [] }),
    });
    const registry = new ToolRegistry([weather, report]);
    expect(registry.has("weather") && registry.has("report")).toBe(true);
    expect(validateToolOutput(weather, { temp: 21, station: "LFPG" })).toStrictEqual({ ok: true });
    expect(
      validateToolOutput(report, { items: [{ id: "a", extra: 1 }], more: true }),
    ).toStrictEqual({ ok: true });
    const wrong = validateToolOutput(weather, { temp: "warm" });
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.message).toContain("temp: expected number, got string");
  });

  it("should accept closed or explicitly open output object nodes", () => {
    const closed = {
      ...ping,
      outputSchema: {
        type: "object",
        additionalProperties: true,
        properties: { inner: { type: ["object", "null"], additionalProperties: false } },
      },
    };
    expect(codeOf(() => new ToolRegistry().register(closed))).toBeUndefined();
  });

  it("should declare exactly name, description and parameters", () => {
    const registry = new ToolRegistry([echo, ping]);
    const declarations = registry.definitions();
    expect(declarations).toEqual([
      { name: "echo", description: "Echo the text back", parameters: echo.parameters },
      { name: "ping", description: "Answer pong", parameters: { type: "object" } },
    ]);
    for (const declaration of declarations) {
      expect(Object.keys(declaration).sort()).toEqual(["description", "name", "parameters"]);
    }
  });

  it("should declare constrainedSampling when a tool sets it, as toToolDeclaration does", () => {
    const strict = defineTool({ ...echo, name: "strict", constrainedSampling: true });
    const loose = defineTool({ ...ping, name: "loose", constrainedSampling: false });
    expect(new ToolRegistry([strict, loose, ping]).definitions()).toStrictEqual([
      {
        name: "strict",
        description: "Echo the text back",
        parameters: echo.parameters,
        constrainedSampling: true,
      },
      {
        name: "loose",
        description: "Answer pong",
        parameters: { type: "object" },
        constrainedSampling: false,
      },
      { name: "ping", description: "Answer pong", parameters: { type: "object" } },
    ]);
    expect(buildToolDeclaration(strict)).toStrictEqual(new ToolRegistry([strict]).definitions()[0]);
  });

  it("should never declare needsApproval, as a boolean or as a function", () => {
    const gated = defineTool({ ...ping, name: "gated", needsApproval: true });
    const checked = defineTool({
      ...echo,
      name: "checked",
      needsApproval: () => ({ reason: "x" }),
    });
    const declarations = new ToolRegistry([gated, checked]).definitions();
    expect(declarations).toEqual([
      { name: "gated", description: "Answer pong", parameters: { type: "object" } },
      { name: "checked", description: "Echo the text back", parameters: echo.parameters },
    ]);
    for (const declaration of declarations) expect(declaration).not.toHaveProperty("needsApproval");
  });

  it("should keep only the tools available to the model when filtered", () => {
    const visionOnly = defineTool({
      ...ping,
      name: "look",
      isAvailable: (model) => model.id.startsWith("vision"),
    });
    const broken = defineTool({
      ...ping,
      name: "broken",
      isAvailable: () => {
        throw new Error("boom");
      },
    });
    const registry = new ToolRegistry([ping, visionOnly, broken]);
    expect(registry.definitions({ model: { id: "text-1" } }).map((tool) => tool.name)).toEqual([
      "ping",
    ]);
    expect(registry.definitions({ model: { id: "vision-2" } }).map((tool) => tool.name)).toEqual([
      "ping",
      "look",
    ]);
    expect(registry.definitions().map((tool) => tool.name)).toEqual(["ping", "look", "broken"]);
  });

  it("should tell subscribers about changes until they unsubscribe", () => {
    const registry = new ToolRegistry();
    const changes: ToolRegistryChange[] = [];
    const unsubscribe = registry.subscribe((change) => changes.push(change));
    registry.register(echo);
    registry.unregister("echo");
    registry.unregister("echo");
    unsubscribe();
    registry.register(ping);
    expect(changes).toEqual([
      { type: "register", tool: echo },
      { type: "unregister", tool: echo },
    ]);
  });

  it("should run every listener and keep the change when one throws, then rethrow", () => {
    const registry = new ToolRegistry();
    const seen: string[] = [];
    registry.subscribe(() => {
      throw new Error("listener failed");
    });
    registry.subscribe((change) => seen.push(change.tool.name));
    expect(() => registry.register(echo)).toThrow("listener failed");
    expect(seen).toEqual(["echo"]);
    expect(registry.has("echo")).toBe(true);
  });

  it("should build a registry once per tools array and pass a registry through", () => {
    const tools = [echo, ping];
    const registry = ToolRegistry.from(tools);
    expect(ToolRegistry.from(tools)).toBe(registry);
    expect(ToolRegistry.from(registry)).toBe(registry);
    expect(registry.list()).toEqual(tools);
  });
});
