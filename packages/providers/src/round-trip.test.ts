// One turn per dialect through the official SDK client (fetch stubbed with a recorded response in
// the real wire format): tools → request → calls → executor → results → the next request.
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI, type ToolConfig } from "@google/genai";
import type { Content, ToolResultMessage } from "@toolwright/tool-core";
import OpenAI from "openai";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  chatCompletion,
  generateContentResponse,
  message,
  response,
} from "./__fixtures__/recorded-responses";
import {
  createRoundTripRegistry,
  runAssistantTurn,
  toAssistantMessage,
} from "./__fixtures__/round-trip-tools";
import { fromProviderToolCalls } from "./from-provider-tool-calls";
import { toProviderToolCalls } from "./to-provider-tool-calls";
import { toProviderToolResults } from "./to-provider-tool-results";
import { toProviderTools } from "./to-provider-tools";

/** A fetch that records request bodies and answers each request with the next body. */
function createFetch(...answers: unknown[]) {
  // biome-ignore lint/suspicious/noExplicitAny: request bodies are read as loose JSON in assertions
  const bodies: any[] = [];
  const fetch = async (_url: unknown, init?: { body?: unknown }) => {
    bodies.push(JSON.parse(String(init?.body)));
    return Response.json(answers[Math.min(bodies.length - 1, answers.length - 1)]);
  };
  return { fetch: fetch as unknown as typeof globalThis.fetch, bodies };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("round trip", () => {
  it("openai-chat", async () => {
    const registry = createRoundTripRegistry();
    const tools = toProviderTools(registry, "openai-chat");
    const { fetch, bodies } = createFetch(chatCompletion, chatCompletion);
    const client = new OpenAI({ apiKey: "test", fetch, maxRetries: 0 });
    const user = { role: "user" as const, content: "Weather in Paris, and a rain chart?" };
    const completion = await client.chat.completions.create({
      model: "gpt-5.1",
      messages: [user],
      tools: tools.tools.slice(),
    });
    expect(bodies[0].tools).toEqual(tools.tools);
    expect(bodies[0].tools[0].function).toMatchObject({ name: "weather_current", strict: true });

    const read = fromProviderToolCalls(completion, tools);
    expect(read.calls.map((call) => [call.name, call.arguments])).toEqual([
      ["weather.current", { city: "Paris" }],
      ["render_chart", { title: "Rain" }],
    ]);
    const results = await runAssistantTurn(toAssistantMessage(read.calls), registry);
    expect(results.map((result) => result.isError)).toEqual([false, false]);
    const resultMessages = toProviderToolResults(results, tools);
    expect(resultMessages).toEqual([
      { role: "tool", tool_call_id: "call_weather_1", content: "Paris: 18°C" },
      {
        role: "tool",
        tool_call_id: "call_chart_2",
        content: expect.stringMatching(
          /^chart Rain\n\[image image\/png, \d+ bytes, not sent: Chat Completions tool results do not carry image\]$/,
        ),
      },
    ]);
    await client.chat.completions.create({
      model: "gpt-5.1",
      messages: [user, ...toProviderToolCalls(read.calls, tools), ...resultMessages],
      tools: tools.tools.slice(),
    });
    expect(bodies[1].messages[1].tool_calls[0]).toEqual({
      id: "call_weather_1",
      type: "function",
      function: { name: "weather_current", arguments: '{"city":"Paris"}' },
    });
  });

  it("openai-responses", async () => {
    const registry = createRoundTripRegistry();
    const tools = toProviderTools(registry, "openai-responses");
    const { fetch, bodies } = createFetch(response, response);
    const client = new OpenAI({ apiKey: "test", fetch, maxRetries: 0 });
    const first = await client.responses.create({
      model: "gpt-5.1",
      input: "Weather in Paris?",
      tools: tools.tools.slice(),
    });
    expect(bodies[0].tools).toEqual(tools.tools);

    const read = fromProviderToolCalls(first, tools);
    expect(read.calls[0]).toEqual({
      type: "toolCall",
      id: "call_weather_1",
      name: "weather.current",
      arguments: { city: "Paris" },
      providerData: { openai: { itemId: "fc_1" } },
    });
    const results = await runAssistantTurn(toAssistantMessage(read.calls), registry);
    const items = toProviderToolResults(results, tools);
    expect(items[1]).toEqual({
      type: "function_call_output",
      call_id: "call_chart_2",
      output: [
        { type: "input_text", text: "chart Rain" },
        { type: "input_image", image_url: expect.stringMatching(/^data:image\/png;base64,iVBOR/) },
      ],
    });
    await client.responses.create({
      model: "gpt-5.1",
      input: [
        { role: "user", content: "Weather in Paris?" },
        ...toProviderToolCalls(read.calls, tools),
        ...items,
      ],
      tools: tools.tools.slice(),
    });
    expect(bodies[1].input[1]).toEqual({
      type: "function_call",
      call_id: "call_weather_1",
      name: "weather_current",
      arguments: '{"city":"Paris"}',
      id: "fc_1",
    });
  });

  it("anthropic", async () => {
    const registry = createRoundTripRegistry();
    const tools = toProviderTools(registry, "anthropic");
    const { fetch, bodies } = createFetch(message, message);
    const client = new Anthropic({ apiKey: "test", fetch, maxRetries: 0 });
    const user = { role: "user" as const, content: "Weather in Paris?" };
    const first = await client.messages.create({
      model: "claude-opus-4-5",
      max_tokens: 1024,
      messages: [user],
      tools: tools.tools.slice(),
    });
    expect(bodies[0].tools).toEqual(tools.tools);

    const read = fromProviderToolCalls(first, tools);
    expect(read.calls.map((call) => [call.id, call.name])).toEqual([
      ["toolu_01A", "weather.current"],
      ["toolu_01B", "render_chart"],
    ]);
    const results = await runAssistantTurn(toAssistantMessage(read.calls), registry);
    const [resultMessage] = toProviderToolResults(results, tools);
    expect(resultMessage?.content[0]).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_01A",
      content: "Paris: 18°C",
    });
    expect(resultMessage?.content[1]?.content).toEqual([
      { type: "text", text: "chart Rain" },
      {
        type: "image",
        source: { type: "base64", media_type: "image/png", data: expect.any(String) },
      },
    ]);
    await client.messages.create({
      model: "claude-opus-4-5",
      max_tokens: 1024,
      messages: [
        user,
        { role: "assistant", content: toProviderToolCalls(read.calls, tools) },
        ...toProviderToolResults(results, tools),
      ],
      tools: tools.tools.slice(),
    });
    expect(bodies[1].messages[1].content[0]).toEqual({
      type: "tool_use",
      id: "toolu_01A",
      name: "weather_current",
      input: { city: "Paris" },
    });
  });

  it("gemini (O4: the SDK's request body and call parse)", async () => {
    const registry = createRoundTripRegistry();
    const tools = toProviderTools(registry, "gemini");
    const { fetch, bodies } = createFetch(generateContentResponse, generateContentResponse);
    vi.stubGlobal("fetch", fetch);
    const client = new GoogleGenAI({ apiKey: "test" });
    // The SDK types `mode` as its own string enum; the JSON value is the same string.
    const config = {
      tools: tools.tools.slice(),
      ...(tools.extras.toolConfig ? { toolConfig: tools.extras.toolConfig as ToolConfig } : {}),
    };
    const first = await client.models.generateContent({
      model: "gemini-3-pro",
      contents: "Weather in Paris?",
      config,
    });
    expect(bodies[0].tools).toEqual(tools.tools);
    expect(bodies[0].toolConfig).toEqual({ functionCallingConfig: { mode: "VALIDATED" } });

    const read = fromProviderToolCalls(first, tools);
    expect(
      read.calls.map((call) => ({ id: call.id, name: call.name, args: call.arguments })),
    ).toEqual([
      { id: "fc-weather", name: "weather.current", args: { city: "Paris" } },
      { id: "resp-gem_7_1", name: "render_chart", args: { title: "Rain" } },
    ]);
    expect(first.functionCalls?.map((call) => [call.id, call.name, call.args])).toEqual([
      ["fc-weather", "weather.current", { city: "Paris" }],
      [undefined, "render_chart", { title: "Rain" }],
    ]);
    expect(read.calls[0]?.providerData).toEqual({ gemini: { thoughtSignature: "c2lnbmF0dXJl" } });
    expect(read.calls[1]?.providerData).toEqual({ gemini: { syntheticId: true } });

    const results = await runAssistantTurn(toAssistantMessage(read.calls), registry);
    const contents = toProviderToolResults(results, tools);
    expect(contents[0]?.parts).toEqual([
      {
        functionResponse: {
          id: "fc-weather",
          name: "weather.current",
          response: { output: "Paris: 18°C" },
        },
      },
      {
        functionResponse: {
          name: "render_chart",
          response: { output: "chart Rain" },
          parts: [{ inlineData: { mimeType: "image/png", data: expect.any(String) } }],
        },
      },
    ]);
    const replay = toProviderToolCalls(read.calls, tools);
    await client.models.generateContent({
      model: "gemini-3-pro",
      contents: [
        { role: "user", parts: [{ text: "Weather in Paris?" }] },
        { role: "model", parts: replay },
        ...contents,
      ],
      config,
    });
    expect(bodies[1].contents[1].parts[0]).toEqual({
      functionCall: { id: "fc-weather", name: "weather.current", args: { city: "Paris" } },
      thoughtSignature: "c2lnbmF0dXJl",
    });
  });

  describe("rich tool results through each SDK client", () => {
    const content: Content[] = [
      { type: "text", text: "see attached" },
      { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
      { type: "audio", data: "UklGRiQAAABXQVZF", mimeType: "audio/wav" },
      { type: "file", mimeType: "application/pdf", filename: "report.pdf", data: "JVBERi0xLjQ=" },
      { type: "resource_link", uri: "file:///notes.md", name: "notes" },
      {
        type: "resource",
        resource: { uri: "file:///a.txt", mimeType: "text/plain", text: "alpha" },
      },
    ];
    const call = { type: "toolCall" as const, id: "call_1", name: "render_chart", arguments: {} };
    const results: ToolResultMessage[] = [
      {
        role: "toolResult",
        toolCallId: "call_1",
        toolName: "render_chart",
        content,
        details: undefined,
        usage: undefined,
        isError: false,
        timestamp: 0,
      },
    ];

    it("openai-chat with mediaInUserMessage: the SDK sends the messages as mapped", async () => {
      const tools = toProviderTools(createRoundTripRegistry(), "openai-chat", {
        openaiChat: { mediaInUserMessage: true },
      });
      const { fetch, bodies } = createFetch(chatCompletion);
      const client = new OpenAI({ apiKey: "test", fetch, maxRetries: 0 });
      const mapped = toProviderToolResults(results, tools);
      await client.chat.completions.create({
        model: "gpt-5.1",
        messages: [
          { role: "user", content: "chart?" },
          ...toProviderToolCalls([call], tools),
          ...mapped,
        ],
      });
      expect(bodies[0].messages.slice(2)).toEqual(mapped);
      expect(bodies[0].messages[3].content.map((part: { type: string }) => part.type)).toEqual([
        "text",
        "text",
        "image_url",
        "text",
        "input_audio",
        "text",
        "file",
      ]);
    });

    it("openai-responses: the SDK sends the output items as mapped", async () => {
      const tools = toProviderTools(createRoundTripRegistry(), "openai-responses");
      const { fetch, bodies } = createFetch(response);
      const client = new OpenAI({ apiKey: "test", fetch, maxRetries: 0 });
      const mapped = toProviderToolResults(results, tools);
      await client.responses.create({
        model: "gpt-5.1",
        input: [
          { role: "user", content: "chart?" },
          ...toProviderToolCalls([call], tools),
          ...mapped,
        ],
      });
      expect(bodies[0].input.slice(2)).toEqual(mapped);
    });

    it("anthropic: the SDK sends the tool_result blocks as mapped", async () => {
      const tools = toProviderTools(createRoundTripRegistry(), "anthropic");
      const { fetch, bodies } = createFetch(message);
      const client = new Anthropic({ apiKey: "test", fetch, maxRetries: 0 });
      const mapped = toProviderToolResults(results, tools);
      await client.messages.create({
        model: "claude-opus-4-5",
        max_tokens: 1024,
        messages: [
          { role: "user", content: "chart?" },
          { role: "assistant", content: toProviderToolCalls([call], tools) },
          ...mapped,
        ],
      });
      expect(bodies[0].messages[2]).toEqual(mapped[0]);
    });

    it.each([true, false])(
      "gemini (functionResponseParts: %s): the SDK's converter keeps every part",
      async (functionResponseParts) => {
        const tools = toProviderTools(createRoundTripRegistry(), "gemini", {
          gemini: { functionResponseParts },
        });
        const { fetch, bodies } = createFetch(generateContentResponse);
        vi.stubGlobal("fetch", fetch);
        const client = new GoogleGenAI({ apiKey: "test" });
        const mapped = toProviderToolResults(results, tools);
        await client.models.generateContent({
          model: "gemini-3-pro",
          contents: [
            { role: "user", parts: [{ text: "chart?" }] },
            { role: "model", parts: toProviderToolCalls([call], tools) },
            ...mapped,
          ],
        });
        expect(bodies[0].contents[2]).toEqual(mapped[0]);
      },
    );
  });
});
