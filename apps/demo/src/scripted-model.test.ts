import type { Message } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { createScriptedModel, findLatestResultText } from "./scripted-model";

describe("createScriptedModel", () => {
  it("should turn argument text into calls exactly as a provider adapter would", async () => {
    const model = createScriptedModel([
      {
        title: "t",
        narration: "n",
        calls: () => [
          { name: "echo", argumentsText: '{"value": "hi"}' },
          { name: "echo", argumentsText: "[1]" },
          { name: "list_dir", argumentsText: "" },
        ],
      },
    ]);
    const turn = await model.complete({ messages: [], tools: [] });
    expect(turn.scene).toEqual({ title: "t", narration: "n" });
    expect(turn.message.stopReason).toBe("toolUse");
    expect(turn.message.content).toEqual([
      { type: "toolCall", id: "call_1_1", name: "echo", arguments: { value: "hi" } },
      {
        type: "toolCall",
        id: "call_1_2",
        name: "echo",
        arguments: {},
        argumentsError: "Tool arguments must be a JSON object\n\nReceived arguments:\n[1]",
      },
      { type: "toolCall", id: "call_1_3", name: "list_dir", arguments: {} },
    ]);
  });

  it("should answer with text and no calls once the script ran out", async () => {
    const turn = await createScriptedModel([]).complete({ messages: [], tools: [] });
    expect(turn.message).toMatchObject({
      stopReason: "stop",
      content: [{ type: "text", text: "All done." }],
    });
    expect(turn.scene).toBeUndefined();
  });
});

describe("findLatestResultText", () => {
  const result = (toolName: string, text: string, isError = false): Message => ({
    role: "toolResult",
    toolCallId: `${toolName}-${text}`,
    toolName,
    content: [{ type: "text", text }],
    details: undefined,
    usage: undefined,
    isError,
    timestamp: 0,
  });

  it("should find the latest successful result of a tool", () => {
    const messages = [
      result("calculator", "1 = 1"),
      result("calculator", "2 = 2"),
      result("calculator", "oops", true),
    ];
    expect(findLatestResultText(messages, "calculator")).toBe("2 = 2");
    expect(findLatestResultText(messages, "echo")).toBeUndefined();
  });
});
