import type { ToolResultMessage } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { toAnthropicToolUseId } from "./dialects/anthropic";
import { toProviderToolCalls } from "./to-provider-tool-calls";
import { toProviderToolResults } from "./to-provider-tool-results";
import { toProviderTools } from "./to-provider-tools";

const declarations = [{ name: "img.make", description: "d", parameters: { type: "object" } }];
const result = (
  toolCallId: string,
  content: ToolResultMessage["content"],
  isError = false,
): ToolResultMessage => ({
  role: "toolResult",
  toolCallId,
  toolName: "img.make",
  content,
  details: undefined,
  usage: undefined,
  isError,
  timestamp: 0,
});
const png = { type: "image" as const, data: "AA==", mimeType: "image/png" };

describe("toProviderToolResults", () => {
  it("openai-chat: should move images into one user message with mediaInUserMessage", () => {
    const tools = toProviderTools(declarations, "openai-chat", {
      openaiChat: { mediaInUserMessage: true },
    });
    expect(
      toProviderToolResults(
        [
          result("c1", [{ type: "text", text: "a" }, png]),
          result("c2", [{ type: "text", text: "b" }], true),
        ],
        tools,
      ),
    ).toEqual([
      { role: "tool", tool_call_id: "c1", content: "a" },
      { role: "tool", tool_call_id: "c2", content: "b" },
      {
        role: "user",
        content: [
          { type: "text", text: "Media returned by tool calls:" },
          { type: "text", text: "c1:" },
          { type: "image_url", image_url: { url: "data:image/png;base64,AA==" } },
        ],
      },
    ]);
  });

  it("openai-responses: should send text-only output as a string", () => {
    const tools = toProviderTools(declarations, "openai-responses");
    expect(
      toProviderToolResults(
        [
          result("c1", [
            { type: "text", text: "a" },
            { type: "text", text: "b" },
          ]),
        ],
        tools,
      ),
    ).toEqual([{ type: "function_call_output", call_id: "c1", output: "a\nb" }]);
  });

  it("anthropic: is_error only when true, content omitted when empty, unsupported images as text, ids made safe", () => {
    const tools = toProviderTools(declarations, "anthropic");
    const [message] = toProviderToolResults(
      [
        result("call.1", [], true),
        result("c2", [{ type: "image", data: "AA==", mimeType: "image/bmp" }]),
        result("c3", [png]),
      ],
      tools,
    );
    expect(message?.content).toEqual([
      { type: "tool_result", tool_use_id: toAnthropicToolUseId("call.1"), is_error: true },
      {
        type: "tool_result",
        tool_use_id: "c2",
        content: "[image image/bmp, 1 bytes, not sent: Anthropic tool results do not carry image]",
      },
      {
        type: "tool_result",
        tool_use_id: "c3",
        content: [
          { type: "image", source: { type: "base64", media_type: "image/png", data: "AA==" } },
        ],
      },
    ]);
    expect(toAnthropicToolUseId("call.1")).toMatch(/^call_1_[0-9a-f]{8}$/);
    // The replayed call goes through the same function, so call and result pair.
    const [replayed] = toProviderToolCalls(
      [{ type: "toolCall", id: "call.1", name: "img.make", arguments: {} }],
      tools,
    );
    expect(replayed?.id).toBe(message?.content[0]?.tool_use_id);
    expect(toProviderToolResults([], tools)).toEqual([]);
  });

  it("gemini: errors as {error}, images beside the response with functionResponseParts: false", () => {
    const tools = toProviderTools(declarations, "gemini", {
      gemini: { functionResponseParts: false },
    });
    expect(
      toProviderToolResults(
        [result("c1", [{ type: "text", text: "boom" }], true), result("c2", [png])],
        tools,
      ),
    ).toEqual([
      {
        role: "user",
        parts: [
          { functionResponse: { id: "c1", name: "img.make", response: { error: "boom" } } },
          { functionResponse: { id: "c2", name: "img.make", response: { output: "" } } },
          { inlineData: { mimeType: "image/png", data: "AA==" } },
        ],
      },
    ]);
  });

  it("gemini: leaves out ids made up for a replayed transcript's calls", () => {
    const tools = toProviderTools(declarations, "gemini");
    const calls = [
      {
        type: "toolCall" as const,
        id: "r_0",
        name: "img.make",
        arguments: {},
        providerData: { gemini: { syntheticId: true } },
      },
    ];
    const [content] = toProviderToolResults(
      [result("r_0", [{ type: "text", text: "ok" }])],
      tools,
      { calls },
    );
    expect(content?.parts[0]).toEqual({
      functionResponse: { name: "img.make", response: { output: "ok" } },
    });
  });
});

describe("toProviderToolCalls", () => {
  it("gemini: should use the thought-signature sentinel only when asked, with a warning", () => {
    const call = { type: "toolCall" as const, id: "c1", name: "img.make", arguments: { a: 1 } };
    const plain = toProviderTools(declarations, "gemini");
    expect(toProviderToolCalls([call], plain)).toEqual([
      { functionCall: { id: "c1", name: "img.make", args: { a: 1 } } },
    ]);
    const warnings: unknown[] = [];
    const sentinel = toProviderTools(declarations, "gemini", {
      gemini: { thoughtSignatureSentinel: true },
    });
    expect(
      toProviderToolCalls([call], sentinel, { onWarning: (warning) => warnings.push(warning) }),
    ).toEqual([
      {
        functionCall: { id: "c1", name: "img.make", args: { a: 1 } },
        thoughtSignature: "skip_thought_signature_validator",
      },
    ]);
    expect(warnings).toEqual([
      { tool: "img.make", kind: "thought-signature", detail: expect.stringContaining("c1") },
    ]);
  });

  it("openai-chat: no calls give no assistant message; unknown names stay as written", () => {
    const tools = toProviderTools(declarations, "openai-chat");
    expect(toProviderToolCalls([], tools)).toEqual([]);
    expect(
      toProviderToolCalls(
        [{ type: "toolCall", id: "c", name: "gone.tool", arguments: {} }],
        tools,
      )[0]?.tool_calls[0]?.function.name,
    ).toBe("gone.tool");
  });
});
