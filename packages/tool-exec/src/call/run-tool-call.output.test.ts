import type { Tool } from "@toolwright/tool-core";
import { describe, expect, it, vi } from "vitest";
import { countingTool, createToolCall, firstText } from "../test-support";
import { runToolCall } from "./run-tool-call";

describe("runToolCall", () => {
  describe("tools with output: { schema, render }", () => {
    const weather: Tool = {
      name: "weather",
      description: "Weather for a city",
      parameters: { type: "object", properties: { city: { type: "string" } } },
      output: {
        schema: {
          type: "object",
          properties: { city: { type: "string" }, celsius: { type: "number" } },
          required: ["city", "celsius"],
          additionalProperties: false,
        },
        render: (value) => {
          const { city, celsius } = value as { city: string; celsius: number };
          return `${city}: ${celsius} °C`;
        },
      },
      execute: (params) => ({ city: String((params as { city?: unknown }).city), celsius: 21 }),
    };

    it("should render the validated value into content and keep it as structuredContent", async () => {
      const outcome = await runToolCall(createToolCall("1", "weather", { city: "Oslo" }), {
        tools: [weather],
      });
      expect(outcome.result).toEqual({
        content: [{ type: "text", text: "Oslo: 21 °C" }],
        structuredContent: { city: "Oslo", celsius: 21 },
      });
    });

    it("should turn a value that does not match the schema into an error naming the issues", async () => {
      const broken: Tool = { ...weather, execute: () => ({ city: "Oslo", celsius: "warm" }) };
      const render = vi.spyOn(broken.output as unknown as { render: () => string }, "render");
      const outcome = await runToolCall(createToolCall("1", "weather"), { tools: [broken] });
      expect(outcome.isError).toBe(true);
      expect(firstText(outcome.result)).toMatch(
        /^Output of tool "weather" does not match its schema:\n {2}- celsius: /,
      );
      expect(render).not.toHaveBeenCalled();
    });

    it("should show the hook the unrendered value and render the value it rewrote", async () => {
      const seen: unknown[] = [];
      const outcome = await runToolCall(createToolCall("1", "weather", { city: "Oslo" }), {
        tools: [weather],
        afterToolCall: ({ result }) => {
          seen.push(result.content, result.structuredContent);
          return { structuredContent: { city: "[redacted]", celsius: 21 } };
        },
      });
      expect(seen).toEqual([[], { city: "Oslo", celsius: 21 }]);
      expect(firstText(outcome.result)).toBe("[redacted]: 21 °C");
      expect(outcome.result.structuredContent).toEqual({ city: "[redacted]", celsius: 21 });
    });

    it("should hold a rewritten value to the schema too", async () => {
      const outcome = await runToolCall(createToolCall("1", "weather"), {
        tools: [weather],
        afterToolCall: () => ({ structuredContent: { city: 1 } }),
      });
      expect(outcome.isError).toBe(true);
      expect(firstText(outcome.result)).toMatch(/does not match its schema/);
    });

    it("should not render when the hook returned content itself", async () => {
      const outcome = await runToolCall(createToolCall("1", "weather"), {
        tools: [weather],
        afterToolCall: () => ({ content: [{ type: "text", text: "hand-written" }] }),
      });
      expect(outcome.result).toEqual({ content: [{ type: "text", text: "hand-written" }] });
    });

    it("should turn a throwing render into an error result", async () => {
      const outcome = await runToolCall(createToolCall("1", "weather"), {
        tools: [
          {
            ...weather,
            output: {
              schema: weather.output?.schema ?? {},
              render: () => {
                throw new Error("template missing");
              },
            },
          } as Tool,
        ],
      });
      expect(firstText(outcome.result)).toBe("template missing");
      expect(outcome.isError).toBe(true);
    });

    it("should accept content parts from render", async () => {
      const outcome = await runToolCall(createToolCall("1", "weather"), {
        tools: [
          {
            ...weather,
            output: {
              schema: weather.output?.schema ?? {},
              render: () => [
                { type: "text", text: "a" },
                { type: "text", text: "b" },
              ],
            },
          } as Tool,
        ],
      });
      expect(outcome.result.content).toEqual([
        { type: "text", text: "a" },
        { type: "text", text: "b" },
      ]);
    });
  });

  describe("structuredContent of result tools with outputSchema", () => {
    const tool = countingTool({
      outputSchema: {
        type: "object",
        properties: { total: { type: "integer" } },
        required: ["total"],
        additionalProperties: false,
      },
      execute: () => ({ content: [], structuredContent: { total: "many" } }),
    });

    it("should turn structuredContent that does not match outputSchema into an error result", async () => {
      const outcome = await runToolCall(createToolCall("1", "count"), { tools: [tool] });
      expect(outcome.isError).toBe(true);
      expect(firstText(outcome.result)).toMatch(
        /^Output of tool "count" does not match its schema:/,
      );
    });

    it("should not check the structuredContent of a result the tool marked isError", async () => {
      const failing = countingTool({
        outputSchema: tool.outputSchema,
        execute: () => ({ content: [], structuredContent: { partial: true }, isError: true }),
      });
      const outcome = await runToolCall(createToolCall("1", "count"), { tools: [failing] });
      expect(outcome.result.structuredContent).toEqual({ partial: true });
    });
  });
});
