import { createAnthropic } from "@ai-sdk/anthropic";
import { Type } from "@sinclair/typebox";
import { defineTool, ToolRegistry } from "@toolwright/tool-core";
import { executeAssistantMessage } from "@toolwright/tool-exec";
import { type ModelMessage, streamText } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import {
  type FakeProviderServer,
  requestBody,
  type ScriptedResponse,
  startFakeProviderServer,
} from "./fake-provider-test-support";
import { fromAiSdkStep } from "./from-ai-sdk-step";
import { toAiSdkToolDefinitions } from "./to-ai-sdk-tool-definitions";
import { toAiSdkToolMessages } from "./to-ai-sdk-tool-messages";

const lookup = defineTool({
  name: "lookup",
  description: "Look up a word",
  parameters: Type.Object({ word: Type.String(), limit: Type.Integer() }),
  execute: (params) => ({
    content: [{ type: "text", text: `${params.word}: ${params.limit} senses` }],
  }),
});

/** Anthropic's streaming events for one reply: text or one tool call, streamed in pieces. */
function anthropicStream(
  reply: { text: string } | { id: string; name: string; json: string },
): ScriptedResponse {
  const events: unknown[] = [
    {
      type: "message_start",
      message: {
        id: "msg_s",
        type: "message",
        role: "assistant",
        model: "claude-sonnet-4-5",
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 1 },
      },
    },
  ];
  if ("text" in reply) {
    events.push(
      { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
      { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: reply.text } },
      { type: "content_block_stop", index: 0 },
    );
  } else {
    const half = Math.floor(reply.json.length / 2);
    events.push(
      {
        type: "content_block_start",
        index: 0,
        content_block: { type: "tool_use", id: reply.id, name: reply.name, input: {} },
      },
      {
        type: "content_block_delta",
        index: 0,
        delta: { type: "input_json_delta", partial_json: reply.json.slice(0, half) },
      },
      {
        type: "content_block_delta",
        index: 0,
        delta: { type: "input_json_delta", partial_json: reply.json.slice(half) },
      },
      { type: "content_block_stop", index: 0 },
    );
  }
  events.push(
    {
      type: "message_delta",
      delta: { stop_reason: "text" in reply ? "end_turn" : "tool_use", stop_sequence: null },
      usage: { output_tokens: 5 },
    },
    { type: "message_stop" },
  );
  return { events, eventNames: events.map((event) => (event as { type: string }).type) };
}

let server: FakeProviderServer | undefined;
afterEach(async () => {
  await server?.close();
});

describe("the model-in loop with streamText", () => {
  it("should run a streamed Anthropic conversation through Toolwright for three turns", async () => {
    server = await startFakeProviderServer([
      anthropicStream({ id: "toolu_1", name: "lookup", json: '{"word":"bank","limit":"3"}' }),
      anthropicStream({ id: "toolu_2", name: "lookup", json: '{"word":"bank","limit":"many"}' }),
      anthropicStream({ text: "A bank has 3 senses." }),
    ]);
    const anthropic = createAnthropic({ baseURL: `${server.origin}/v1`, apiKey: "test-key" });
    const registry = new ToolRegistry([lookup]);
    const messages: ModelMessage[] = [{ role: "user", content: "Senses of bank?" }];
    let text = "";
    for (let turn = 0; turn < 3; turn++) {
      const result = streamText({
        model: anthropic("claude-sonnet-4-5"),
        messages,
        tools: toAiSdkToolDefinitions(registry),
      });
      const assistant = fromAiSdkStep({
        content: await result.content,
        finishReason: await result.finishReason,
      });
      messages.push(
        ...(await result.response).messages.filter((message) => message.role !== "tool"),
      );
      text = await result.text;
      if (!assistant.content.some((part) => part.type === "toolCall")) break;
      const batch = await executeAssistantMessage(assistant, { tools: registry });
      if (batch.status !== "complete") throw new Error("no tool here needs approval");
      messages.push(...toAiSdkToolMessages(batch.messages));
    }
    expect(text).toBe("A bank has 3 senses.");
    expect(server.requests.map((request) => request.body.stream)).toEqual([true, true, true]);
    const results = (requestBody(server, 2).messages as { content: unknown }[])
      .flatMap((message) => (Array.isArray(message.content) ? message.content : []))
      .filter((block: { type?: string }) => block.type === "tool_result");
    expect(results).toEqual([
      expect.objectContaining({ tool_use_id: "toolu_1", content: "bank: 3 senses" }),
      expect.objectContaining({ tool_use_id: "toolu_2", is_error: true }),
    ]);
    expect(JSON.stringify(results[1])).toContain("limit: expected integer, got string");
  });
});
