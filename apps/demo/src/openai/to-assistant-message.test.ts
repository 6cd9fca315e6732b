import type { ChatCompletion } from "openai/resources/chat/completions";
import { describe, expect, it } from "vitest";
import { toAssistantMessage } from "./to-assistant-message";

type Choice = ChatCompletion["choices"][number];

function choice(
  finishReason: Choice["finish_reason"],
  message: Partial<Choice["message"]>,
): Choice {
  return {
    index: 0,
    finish_reason: finishReason,
    logprobs: null,
    message: { role: "assistant", content: null, refusal: null, ...message },
  };
}

describe("toAssistantMessage", () => {
  it.each([
    ["stop", "stop"],
    ["length", "length"],
    ["tool_calls", "toolUse"],
    ["function_call", "toolUse"],
    ["content_filter", "error"],
  ] as const)("should map finish_reason %s to stop reason %s", (finishReason, stopReason) => {
    expect(toAssistantMessage(choice(finishReason, {}), () => 7).stopReason).toBe(stopReason);
  });

  it.each(["__proto__", "toString", "unknown"])(
    "should map an unexpected finish_reason %j to stop",
    (finishReason) => {
      const odd = choice("stop", {});
      const message = toAssistantMessage({
        ...odd,
        finish_reason: finishReason as Choice["finish_reason"],
      });
      expect(message.stopReason).toBe("stop");
    },
  );

  it("should parse each call's argument text, keeping bad text as an argumentsError", () => {
    const message = toAssistantMessage(
      choice("tool_calls", {
        content: "Working on it.",
        tool_calls: [
          { id: "a", type: "function", function: { name: "echo", arguments: '{"value":"x"}' } },
          { id: "", type: "function", function: { name: "echo", arguments: '{"value":' } },
          { id: "c", type: "custom", custom: { name: "shell", input: "ls" } },
        ],
      }),
      () => 7,
    );
    expect(message.timestamp).toBe(7);
    expect(message.content[0]).toEqual({ type: "text", text: "Working on it." });
    expect(message.content[1]).toEqual({
      type: "toolCall",
      id: "a",
      name: "echo",
      arguments: { value: "x" },
    });
    expect(message.content[2]).toMatchObject({
      type: "toolCall",
      id: "call_2",
      name: "echo",
      arguments: {},
    });
    expect(message.content[2]).toHaveProperty(
      "argumentsError",
      expect.stringContaining('Received arguments:\n{"value":'),
    );
    expect(message.content[3]).toMatchObject({
      type: "toolCall",
      id: "c",
      name: "shell",
      arguments: {},
    });
  });
});
