import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { Type } from "@sinclair/typebox";
import { defineTool, ToolRegistry } from "@toolwright/tool-core";
import { executeAssistantMessage } from "@toolwright/tool-exec";
import { generateText, type LanguageModel, type ModelMessage } from "ai";
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

const weather = defineTool({
  name: "weather",
  description: "The forecast for a city",
  parameters: Type.Object({
    city: Type.String(),
    days: Type.Integer({ minimum: 1 }),
    metric: Type.Boolean(),
  }),
  execute: (params) => ({
    content: [
      {
        type: "text",
        text: `${params.city}: sunny for ${params.days} days (${params.metric ? "°C" : "°F"})`,
      },
    ],
    details: { internal: "never sent" },
  }),
});
const convert = defineTool({
  name: "convert",
  description: "Convert an amount of money",
  parameters: Type.Object({ amount: Type.Number(), to: Type.String() }),
  execute: (params) => ({ content: [{ type: "text", text: `${params.amount * 2} ${params.to}` }] }),
});

/** A Toolwright loop over an AI SDK model: the README's loop, three model turns at most. */
async function runLoop(model: LanguageModel, registry: ToolRegistry) {
  const messages: ModelMessage[] = [
    { role: "user", content: "Weather in Paris, and 10 EUR in USD?" },
  ];
  const turns: string[] = [];
  for (let turn = 0; turn < 3; turn++) {
    const result = await generateText({ model, messages, tools: toAiSdkToolDefinitions(registry) });
    // The assistant message as the AI SDK recorded it; the AI SDK's own results for calls it could
    // not parse are left out — Toolwright answers every call below.
    messages.push(...result.response.messages.filter((message) => message.role !== "tool"));
    const assistant = fromAiSdkStep(result);
    turns.push(assistant.stopReason ?? "none");
    if (!assistant.content.some((part) => part.type === "toolCall"))
      return { text: result.text, turns };
    const batch = await executeAssistantMessage(assistant, { tools: registry });
    if (batch.status !== "complete") throw new Error("no tool here needs approval");
    messages.push(...toAiSdkToolMessages(batch.messages));
  }
  throw new Error("the loop did not finish in three turns");
}

let server: FakeProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(responses: readonly ScriptedResponse[]): Promise<FakeProviderServer> {
  server = await startFakeProviderServer(responses);
  return server;
}

const registry = new ToolRegistry([weather, convert]);

describe("the model-in loop against @ai-sdk/openai (Responses API)", () => {
  const usage = {
    input_tokens: 10,
    output_tokens: 5,
    total_tokens: 15,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens_details: { reasoning_tokens: 0 },
  };
  const response = (output: unknown[]) => ({
    json: {
      id: "resp_1",
      object: "response",
      created_at: 1_760_000_000,
      status: "completed",
      model: "gpt-test",
      output,
      usage,
      incomplete_details: null,
    },
  });
  const functionCall = (id: string, name: string, args: string) => ({
    type: "function_call",
    id: `fc_${id}`,
    call_id: id,
    name,
    arguments: args,
    status: "completed",
  });

  it("should run three turns: sloppy arguments repaired, a validation error answered, then the answer", async () => {
    const fake = await serve([
      response([
        functionCall("call_w", "weather", '{"city":"Paris","days":"3","metric":"true"}'),
        functionCall("call_c", "convert", '{"amount":"ten","to":"USD"}'),
      ]),
      response([functionCall("call_c2", "convert", '{"amount":"10","to":"USD"}')]),
      response([
        {
          type: "message",
          id: "msg_1",
          role: "assistant",
          status: "completed",
          content: [{ type: "output_text", text: "Sunny; 20 USD.", annotations: [] }],
        },
      ]),
    ]);
    const openai = createOpenAI({ baseURL: `${fake.origin}/v1`, apiKey: "test-key" });
    const { text, turns } = await runLoop(openai("gpt-test"), registry);
    expect(text).toBe("Sunny; 20 USD.");
    expect(turns).toEqual(["toolUse", "toolUse", "stop"]);
    expect(fake.requests.map((request) => request.path)).toEqual([
      "/v1/responses",
      "/v1/responses",
      "/v1/responses",
    ]);
    const tools = requestBody(fake, 0).tools as { name: string; parameters: unknown }[];
    expect(tools.map((tool) => tool.name)).toEqual(["weather", "convert"]);
    const outputs = (
      requestBody(fake, 1).input as { type: string; call_id?: string; output?: string }[]
    ).filter((item) => item.type === "function_call_output");
    expect(outputs.map((item) => item.call_id)).toEqual(["call_w", "call_c"]);
    expect(outputs[0]?.output).toBe("Paris: sunny for 3 days (°C)");
    // The provider package sends an error output as {"error": <text>}.
    expect(JSON.parse(outputs[1]?.output ?? "{}")).toEqual({
      error:
        'Validation failed for tool "convert":\n  - amount: expected number, got string\n\nReceived arguments:\n{\n  "amount": "ten",\n  "to": "USD"\n}',
    });
    expect(JSON.stringify(requestBody(fake, 2).input)).toContain('"output":"20 USD"');
    expect(JSON.stringify(fake.requests)).not.toContain("never sent");
  });
});

describe("the model-in loop against @ai-sdk/anthropic (Messages API)", () => {
  const message = (content: unknown[], stopReason: string) => ({
    json: {
      id: "msg_1",
      type: "message",
      role: "assistant",
      model: "claude-sonnet-4-5",
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 5 },
    },
  });

  it("should run three turns, and fail the calls of a reply cut off at the token limit", async () => {
    const fake = await serve([
      message(
        [
          { type: "text", text: "Checking." },
          {
            type: "tool_use",
            id: "toolu_w",
            name: "weather",
            input: { city: "Paris", days: "2", metric: "false" },
          },
        ],
        "tool_use",
      ),
      message(
        [{ type: "tool_use", id: "toolu_c", name: "convert", input: { amount: 10 } }],
        "max_tokens",
      ),
      message([{ type: "text", text: "Done." }], "end_turn"),
    ]);
    const anthropic = createAnthropic({ baseURL: `${fake.origin}/v1`, apiKey: "test-key" });
    const { text, turns } = await runLoop(anthropic("claude-sonnet-4-5"), registry);
    expect(text).toBe("Done.");
    expect(turns).toEqual(["toolUse", "length", "stop"]);
    expect(fake.requests.map((request) => request.path)).toEqual([
      "/v1/messages",
      "/v1/messages",
      "/v1/messages",
    ]);
    const resultsOf = (index: number) =>
      (requestBody(fake, index).messages as { role: string; content: unknown }[])
        .flatMap((entry) => (Array.isArray(entry.content) ? entry.content : []))
        .filter((block: { type?: string }) => block.type === "tool_result") as {
        tool_use_id: string;
        content: unknown;
        is_error?: boolean;
      }[];
    expect(resultsOf(1)).toEqual([
      expect.objectContaining({ tool_use_id: "toolu_w", content: "Paris: sunny for 2 days (°F)" }),
    ]);
    const truncated = resultsOf(2).find((block) => block.tool_use_id === "toolu_c");
    expect(truncated?.is_error).toBe(true);
    expect(JSON.stringify(truncated?.content)).toContain(
      'Tool call \\"convert\\" was not executed: the response hit the output token limit',
    );
  });
});

describe("the model-in loop against @ai-sdk/google (Gemini API)", () => {
  const candidate = (parts: unknown[]) => ({
    json: {
      candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
      modelVersion: "gemini-2.5-flash",
    },
  });

  it("should run three turns with calls that carry no ids, paired by the AI SDK's ids", async () => {
    const fake = await serve([
      candidate([
        { functionCall: { name: "weather", args: { city: "Paris", days: 4, metric: "TRUE" } } },
      ]),
      candidate([
        { functionCall: { name: "convert", args: { amount: "10", to: "USD" } } },
        { functionCall: { name: "teleport", args: {} } },
      ]),
      candidate([{ text: "All done." }]),
    ]);
    const google = createGoogleGenerativeAI({
      baseURL: `${fake.origin}/v1beta`,
      apiKey: "test-key",
    });
    const { text, turns } = await runLoop(google("gemini-2.5-flash"), registry);
    expect(text).toBe("All done.");
    expect(turns).toEqual(["toolUse", "toolUse", "stop"]);
    expect(fake.requests[0]?.path).toBe("/v1beta/models/gemini-2.5-flash:generateContent");
    const responsesOf = (index: number) =>
      (requestBody(fake, index).contents as { parts: { functionResponse?: unknown }[] }[])
        .flatMap((entry) => entry.parts)
        .filter((part) => part.functionResponse !== undefined)
        .map((part) => part.functionResponse);
    expect(JSON.stringify(responsesOf(1))).toContain("Paris: sunny for 4 days (°C)");
    const second = JSON.stringify(responsesOf(2));
    expect(second).toContain("20 USD");
    expect(second).toContain("Tool teleport not found");
  });
});
