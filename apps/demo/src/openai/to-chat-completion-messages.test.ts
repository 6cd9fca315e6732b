import type { Message } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { toChatCompletionMessages } from "./to-chat-completion-messages";

describe("toChatCompletionMessages", () => {
  it("should convert every message kind to the wire format", () => {
    const messages: Message[] = [
      {
        role: "system",
        content: "Be brief.",
        toolsAdded: [{ name: "echo", description: "Echo", parameters: { type: "object" } }],
        timestamp: 0,
      },
      {
        role: "user",
        content: [
          { type: "text", text: "What is this?" },
          { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
        ],
        timestamp: 0,
      },
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "hidden" },
          { type: "text", text: "Let me echo." },
          { type: "toolCall", id: "c1", name: "echo", arguments: { value: "x" } },
        ],
        timestamp: 0,
      },
      {
        role: "toolResult",
        toolCallId: "c1",
        toolName: "echo",
        content: [{ type: "text", text: "x" }],
        details: { private: true },
        usage: undefined,
        isError: false,
        timestamp: 0,
      },
      { role: "system", content: "", toolsRemoved: [{ name: "echo" }], timestamp: 0 },
    ];
    expect(toChatCompletionMessages(messages)).toEqual([
      { role: "system", content: "Be brief." },
      {
        role: "user",
        content: [
          { type: "text", text: "What is this?" },
          { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
        ],
      },
      {
        role: "assistant",
        content: "Let me echo.",
        tool_calls: [
          { id: "c1", type: "function", function: { name: "echo", arguments: '{"value":"x"}' } },
        ],
      },
      { role: "tool", tool_call_id: "c1", content: "x" },
    ]);
  });
});
