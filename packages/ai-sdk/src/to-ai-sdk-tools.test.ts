import { Type } from "@sinclair/typebox";
import { defineSeam, defineTool, ToolRegistry } from "@toolwright/tool-core";
import { generateText, stepCountIs } from "ai";
import { describe, expect, it } from "vitest";
import { AiSdkAdapterError } from "./ai-sdk-adapter-error";
import { createScriptedModel, lastToolResults } from "./test-support";
import { toAiSdkTools } from "./to-ai-sdk-tools";

const orderTool = defineTool({
  name: "place_order",
  description: "Place an order",
  parameters: Type.Object({
    item: Type.String(),
    quantity: Type.Integer(),
    express: Type.Boolean(),
    tags: Type.Array(Type.String()),
    note: Type.Optional(Type.String()),
  }),
  execute: (params) => ({
    content: [{ type: "text", text: `ordered ${params.quantity} × ${params.item}` }],
    details: { params },
    structuredContent: { orderId: 7 },
  }),
});

describe("toAiSdkTools", () => {
  it("should repair sloppy arguments and run the tool with the repaired values in generateText", async () => {
    const { model, prompts } = createScriptedModel([
      [
        {
          id: "c1",
          name: "place_order",
          input: { item: "tea", quantity: "2", express: "true", tags: "green", note: null },
        },
      ],
      "done",
    ]);
    const result = await generateText({
      model,
      prompt: "order tea",
      tools: toAiSdkTools([orderTool]),
      stopWhen: stepCountIs(3),
    });
    expect(result.text).toBe("done");
    const toolResult = result.steps[0]?.toolResults[0];
    expect(toolResult?.input).toEqual({ item: "tea", quantity: 2, express: true, tags: ["green"] });
    expect(toolResult?.output).toMatchObject({
      type: "result",
      details: { params: { item: "tea", quantity: 2, express: true, tags: ["green"] } },
      structuredContent: { orderId: 7 },
    });
    // Only the content reaches the model: no details, no structured content.
    expect(lastToolResults(prompts)).toEqual({ c1: { type: "text", value: "ordered 2 × tea" } });
  });

  it("should answer arguments it cannot repair with Toolwright's issues, so the model can fix them", async () => {
    const { model, prompts } = createScriptedModel([
      [{ id: "c1", name: "place_order", input: { item: "tea", quantity: "two", express: null } }],
      "done",
    ]);
    const result = await generateText({
      model,
      prompt: "order tea",
      tools: toAiSdkTools([orderTool]),
      stopWhen: stepCountIs(3),
    });
    const error = result.steps[0]?.content.find((part) => part.type === "tool-error");
    expect(error).toBeDefined();
    const output = lastToolResults(prompts).c1 as { type: string; value: string };
    expect(output.type).toBe("error-text");
    expect(output.value).toContain('Validation failed for tool "place_order":');
    expect(output.value).toContain("  - quantity: expected integer, got string");
    expect(output.value).toContain("  - express: expected boolean, got null");
    expect(output.value).toContain("Received arguments:");
  });

  it("should run beforeToolCall, afterToolCall and seams, and report an error result as a tool error", async () => {
    const ClockSeam = defineSeam<() => string>("clock");
    const clockTool = defineTool({
      name: "clock",
      description: "Tell the time",
      parameters: Type.Object({ zone: Type.String() }),
      seams: [ClockSeam],
      execute: (params, context) => ({
        content: [{ type: "text", text: `${params.zone}: ${context.use(ClockSeam)()}` }],
        details: { secret: "s3cr3t" },
      }),
    });
    const { model, prompts } = createScriptedModel([
      [
        { id: "allowed", name: "clock", input: { zone: "UTC" } },
        { id: "blocked", name: "clock", input: { zone: "Mars" } },
      ],
      "done",
    ]);
    const seen: string[] = [];
    const result = await generateText({
      model,
      prompt: "time?",
      tools: toAiSdkTools([clockTool], {
        seams: [[ClockSeam, () => "12:00"]],
        context: { user: "ada" },
        beforeToolCall: ({ args, context }) => {
          seen.push(`${(context as { user: string }).user}:${(args as { zone: string }).zone}`);
          return (args as { zone: string }).zone === "Mars"
            ? { block: true, reason: "No clocks on Mars" }
            : undefined;
        },
        afterToolCall: ({ result }) => ({
          details: { redacted: true, was: Object.keys(result.details as object) },
        }),
      }),
      stopWhen: stepCountIs(3),
    });
    expect(seen).toEqual(["ada:UTC", "ada:Mars"]);
    expect(lastToolResults(prompts)).toEqual({
      allowed: { type: "text", value: "UTC: 12:00" },
      blocked: { type: "error-text", value: "No clocks on Mars" },
    });
    const step = result.steps[0];
    expect(step?.toolResults[0]?.output).toMatchObject({
      details: { redacted: true, was: ["secret"] },
    });
    const toolError = step?.content.find((part) => part.type === "tool-error");
    expect(AiSdkAdapterError.isInstance(toolError?.error)).toBe(true);
    expect(toolError?.error).toMatchObject({ code: "TOOL_ERROR", errorType: "blocked" });
  });

  it("should keep a call's time limit, and truncate long output before the model reads it", async () => {
    const slowTool = defineTool({
      name: "slow",
      description: "Never finishes on its own",
      parameters: Type.Object({}),
      execute: (_params, context) =>
        new Promise((_resolve, reject) => {
          context.signal.addEventListener("abort", () => reject(new Error("stopped")));
        }),
    });
    const longTool = defineTool({
      name: "long",
      description: "Many lines",
      parameters: Type.Object({}),
      execute: () => ({
        content: [
          {
            type: "text",
            text: Array.from({ length: 50 }, (_, index) => `line ${index}`).join("\n"),
          },
        ],
      }),
    });
    const { model, prompts } = createScriptedModel([
      [
        { id: "s", name: "slow", input: {} },
        { id: "l", name: "long", input: {} },
      ],
      "done",
    ]);
    await generateText({
      model,
      prompt: "go",
      tools: toAiSdkTools([slowTool, longTool], { timeoutMs: 20, truncation: { maxLines: 5 } }),
      stopWhen: stepCountIs(3),
    });
    const results = lastToolResults(prompts) as Record<string, { type: string; value: string }>;
    expect(results.s?.type).toBe("error-text");
    expect(results.s?.value).toMatch(/^Tool slow timed out after 20 ms/);
    expect(results.l?.type).toBe("text");
    expect(results.l?.value.startsWith("line 0\nline 1\nline 2\nline 3\nline 4")).toBe(true);
    expect(results.l?.value).not.toContain("line 49");
  });

  it("should check a tool's output against its schema and render it, structured value to the app", async () => {
    const quote = defineTool({
      name: "quote",
      description: "A price",
      parameters: Type.Object({ symbol: Type.String() }),
      output: {
        schema: Type.Object({ price: Type.Number() }, { additionalProperties: false }),
        render: (value) => `price ${value.price}`,
      },
      execute: (params) =>
        params.symbol === "BAD" ? ({ price: "n/a" } as never) : { price: 12.5 },
    });
    const { model, prompts } = createScriptedModel([
      [
        { id: "ok", name: "quote", input: { symbol: "ACME" } },
        { id: "bad", name: "quote", input: { symbol: "BAD" } },
      ],
      "done",
    ]);
    const result = await generateText({
      model,
      prompt: "quote",
      tools: toAiSdkTools([quote]),
      stopWhen: stepCountIs(3),
    });
    expect(result.steps[0]?.toolResults[0]?.output).toMatchObject({
      structuredContent: { price: 12.5 },
    });
    const results = lastToolResults(prompts) as Record<string, { type: string; value: string }>;
    expect(results.ok).toEqual({ type: "text", value: "price 12.5" });
    expect(results.bad?.type).toBe("error-text");
    const failed = result.steps[0]?.content.find((part) => part.type === "tool-error");
    expect(failed?.error).toMatchObject({ errorType: "invalid_output" });
  });

  it("should key tools by name, keep the registry's schema and description, and filter by model", () => {
    const local = defineTool({
      name: "local_only",
      description: "Only for local models",
      parameters: Type.Object({}),
      isAvailable: (model) => model.provider === "ollama",
      execute: () => ({ content: [] }),
    });
    const registry = new ToolRegistry([orderTool, local]);
    expect(Object.keys(toAiSdkTools(registry))).toEqual(["place_order", "local_only"]);
    expect(
      Object.keys(toAiSdkTools(registry, { model: { id: "gpt-5", provider: "openai" } })),
    ).toEqual(["place_order"]);
    expect(toAiSdkTools(registry).place_order?.description).toBe("Place an order");
  });

  it("should refuse a tool source that is not a registry or an array of tools", () => {
    expect(() => toAiSdkTools({} as never)).toThrow(
      expect.objectContaining({ code: "INVALID_ARGUMENT" }),
    );
    expect(() => toAiSdkTools([orderTool, orderTool])).toThrow(
      /Tool already registered: place_order/,
    );
  });
});
