import { generateText, InvalidToolInputError, NoSuchToolError, stepCountIs, tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { repairToolCall } from "./repair-tool-call";
import { createScriptedModel, lastToolResults } from "./test-support";

/** An AI SDK tool with a Zod schema, as apps write them; it records what it ran with. */
function createZodTool(received: unknown[]) {
  return tool({
    description: "Book a table",
    inputSchema: z.object({
      guests: z.number().int().min(1),
      outside: z.boolean(),
      dishes: z.array(z.string()),
      note: z.string().optional(),
      when: z.object({ day: z.string(), hour: z.number() }),
    }),
    execute: async (input) => {
      received.push(input);
      return "booked";
    },
  });
}

describe("repairToolCall", () => {
  it("should repair a Zod tool's sloppy call without a model call, and the AI SDK runs it", async () => {
    const received: unknown[] = [];
    const { model, prompts } = createScriptedModel([
      [
        {
          id: "b",
          name: "book",
          input: {
            guests: "4",
            outside: "false",
            dishes: "soup",
            note: null,
            when: JSON.stringify({ day: "fri", hour: "19" }),
          },
        },
      ],
      "done",
    ]);
    const result = await generateText({
      model,
      prompt: "book",
      tools: { book: createZodTool(received) },
      repairToolCall,
      stopWhen: stepCountIs(3),
    });
    expect(received).toEqual([
      { guests: 4, outside: false, dishes: ["soup"], when: { day: "fri", hour: 19 } },
    ]);
    expect(result.text).toBe("done");
    // Two model calls in all: the repair asked no model.
    expect(prompts).toHaveLength(2);
    expect(lastToolResults(prompts).b).toEqual({ type: "text", value: "booked" });
  });

  it("should return null when nothing lossless can be done, so the AI SDK reports its own error", async () => {
    const received: unknown[] = [];
    const { model, prompts } = createScriptedModel([
      [
        {
          id: "b",
          name: "book",
          input: { guests: null, outside: true, dishes: [], when: { day: "fri", hour: 19 } },
        },
      ],
      "done",
    ]);
    await generateText({
      model,
      prompt: "book",
      tools: { book: createZodTool(received) },
      repairToolCall,
      stopWhen: stepCountIs(3),
    });
    expect(received).toEqual([]);
    const output = lastToolResults(prompts).b as { type: string; value: string };
    expect(output.type).toBe("error-text");
    expect(output.value).toContain("AI_InvalidToolInputError");
  });

  it("should refuse what it cannot repair: an unknown tool, text that is not JSON, a refinement", async () => {
    const inputSchema = async () => ({
      type: "object" as const,
      properties: { guests: { type: "integer" as const, minimum: 1 } },
      required: ["guests"],
    });
    const base = {
      instructions: undefined,
      system: undefined,
      messages: [],
      tools: {},
      inputSchema,
    };
    const call = (input: string) => ({
      type: "tool-call" as const,
      toolCallId: "x",
      toolName: "book",
      input,
    });
    const invalid = new InvalidToolInputError({
      toolName: "book",
      toolInput: "",
      cause: new Error("bad"),
    });
    await expect(
      repairToolCall({
        ...base,
        toolCall: call('{"guests":"2"}'),
        error: new NoSuchToolError({ toolName: "book" }),
      }),
    ).resolves.toBeNull();
    await expect(
      repairToolCall({ ...base, toolCall: call("{guests"), error: invalid }),
    ).resolves.toBeNull();
    // Valid for the JSON Schema as sent (the failure was a refinement): nothing to repair.
    await expect(
      repairToolCall({ ...base, toolCall: call('{"guests":3}'), error: invalid }),
    ).resolves.toBeNull();
    // Still invalid after every lossless change.
    await expect(
      repairToolCall({ ...base, toolCall: call('{"guests":"0.5x"}'), error: invalid }),
    ).resolves.toBeNull();
    await expect(
      repairToolCall({ ...base, toolCall: call('{"guests":"2"}'), error: invalid }),
    ).resolves.toEqual(call('{"guests":2}'));
    const throwing = { ...base, inputSchema: () => Promise.reject(new Error("no schema")) };
    await expect(
      repairToolCall({ ...throwing, toolCall: call('{"guests":"2"}'), error: invalid }),
    ).resolves.toBeNull();
  });
});
