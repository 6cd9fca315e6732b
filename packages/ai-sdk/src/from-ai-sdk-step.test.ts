import { describe, expect, it } from "vitest";
import { fromAiSdkStep } from "./from-ai-sdk-step";

describe("fromAiSdkStep", () => {
  it("should keep text, reasoning and the calls the application runs, with their ids and arguments", () => {
    const message = fromAiSdkStep({
      finishReason: "tool-calls",
      content: [
        { type: "reasoning", text: "thinking about it" },
        { type: "text", text: "Let me look." },
        {
          type: "tool-call",
          toolCallId: "c1",
          toolName: "lookup",
          input: { word: "bank", limit: "3" },
        },
        {
          type: "tool-call",
          toolCallId: "c2",
          toolName: "web_search",
          input: { q: "x" },
          providerExecuted: true,
        },
        { type: "tool-result", toolCallId: "c2", toolName: "web_search", output: "…" },
        {
          type: "tool-call",
          toolCallId: "c3",
          toolName: "lookup",
          input: {},
          providerMetadata: { google: { thoughtSignature: "sig" } },
        },
      ] as unknown as { type: string }[],
    });
    expect(message).toEqual({
      role: "assistant",
      stopReason: "toolUse",
      timestamp: expect.any(Number),
      content: [
        { type: "thinking", thinking: "thinking about it" },
        { type: "text", text: "Let me look." },
        { type: "toolCall", id: "c1", name: "lookup", arguments: { word: "bank", limit: "3" } },
        {
          type: "toolCall",
          id: "c3",
          name: "lookup",
          arguments: {},
          providerData: { providerMetadata: { google: { thoughtSignature: "sig" } } },
        },
      ],
    });
  });

  it("should keep argument text that is not a JSON object as the call's arguments error", () => {
    const message = fromAiSdkStep({
      finishReason: "tool-calls",
      content: [
        {
          type: "tool-call",
          toolCallId: "bad",
          toolName: "lookup",
          input: '{"word": "ba',
          invalid: true,
        },
        { type: "tool-call", toolCallId: "list", toolName: "lookup", input: [1, 2] },
      ] as unknown as { type: string }[],
    });
    const [bad, list] = message.content as readonly {
      arguments: unknown;
      argumentsError?: string;
    }[];
    expect(bad?.arguments).toEqual({});
    expect(bad?.argumentsError).toContain('Received arguments:\n{"word": "ba');
    expect(list?.argumentsError).toContain("Tool arguments must be a JSON object");
  });

  it.each([
    ["stop", "stop"],
    ["length", "length"],
    ["tool-calls", "toolUse"],
    ["content-filter", "stop"],
    ["error", "error"],
    ["interrupted", "aborted"],
  ])("should map the finish reason %s to the stop reason %s", (finishReason, stopReason) => {
    expect(fromAiSdkStep({ finishReason, content: [] }).stopReason).toBe(stopReason);
  });

  it("should leave the stop reason out for a finish reason it does not know", () => {
    expect(fromAiSdkStep({ finishReason: "other", content: [] })).not.toHaveProperty("stopReason");
    expect(fromAiSdkStep({ finishReason: "toString", content: [] })).not.toHaveProperty(
      "stopReason",
    );
  });
});
