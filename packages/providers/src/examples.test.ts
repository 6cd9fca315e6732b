// The README's agent loops (examples/), run against each SDK client with a recorded first turn.
import { readFileSync } from "node:fs";
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runAnthropic } from "../examples/anthropic-loop";
import { runGemini } from "../examples/gemini-loop";
import { runOpenAiChat } from "../examples/openai-chat-loop";
import { runOpenAiResponses } from "../examples/openai-responses-loop";
import {
  chatCompletion,
  generateContentResponse,
  message,
  response,
} from "./__fixtures__/recorded-responses";
import { createRoundTripRegistry } from "./__fixtures__/round-trip-tools";

function createFetch(...answers: unknown[]) {
  const bodies: Record<string, unknown>[] = [];
  const fetch = async (_url: unknown, init?: { body?: unknown }) => {
    bodies.push(JSON.parse(String(init?.body)));
    return Response.json(answers[bodies.length - 1]);
  };
  return { fetch: fetch as unknown as typeof globalThis.fetch, bodies };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("README agent loops", () => {
  it("openai-chat", async () => {
    const done = {
      ...chatCompletion,
      choices: [
        {
          index: 0,
          logprobs: null,
          finish_reason: "stop",
          message: { role: "assistant", content: "Paris is mild.", refusal: null },
        },
      ],
    };
    const { fetch, bodies } = createFetch(chatCompletion, done);
    const answer = await runOpenAiChat(
      createRoundTripRegistry(),
      "Weather?",
      new OpenAI({ apiKey: "test", fetch, maxRetries: 0 }),
    );
    expect(answer).toBe("Paris is mild.");
    expect(bodies[1]?.messages).toEqual([
      { role: "user", content: "Weather?" },
      expect.objectContaining({ role: "assistant" }),
      { role: "tool", tool_call_id: "call_weather_1", content: "Paris: 18°C" },
      expect.objectContaining({ role: "tool", tool_call_id: "call_chart_2" }),
    ]);
  });

  it("openai-responses", async () => {
    const done = {
      ...response,
      id: "resp_2",
      output: [
        {
          type: "message",
          id: "m",
          role: "assistant",
          status: "completed",
          content: [{ type: "output_text", text: "Mild.", annotations: [] }],
        },
      ],
    };
    const { fetch, bodies } = createFetch(response, done);
    const answer = await runOpenAiResponses(
      createRoundTripRegistry(),
      "Weather?",
      new OpenAI({ apiKey: "test", fetch, maxRetries: 0 }),
    );
    expect(answer).toBe("Mild.");
    expect(bodies[1]).toMatchObject({
      previous_response_id: "resp_68f1",
      input: [
        { type: "function_call_output", call_id: "call_weather_1", output: "Paris: 18°C" },
        expect.anything(),
      ],
    });
  });

  it("anthropic", async () => {
    const done = {
      ...message,
      stop_reason: "end_turn",
      content: [{ type: "text", text: "Mild.", citations: null }],
    };
    const { fetch, bodies } = createFetch(message, done);
    const answer = await runAnthropic(
      createRoundTripRegistry(),
      "Weather?",
      new Anthropic({ apiKey: "test", fetch, maxRetries: 0 }),
    );
    expect(answer).toBe("Mild.");
    expect((bodies[1]?.messages as unknown[] | undefined)?.[2]).toMatchObject({
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "toolu_01A" },
        { type: "tool_result", tool_use_id: "toolu_01B" },
      ],
    });
  });

  it("gemini", async () => {
    const done = {
      candidates: [
        { index: 0, finishReason: "STOP", content: { role: "model", parts: [{ text: "Mild." }] } },
      ],
    };
    const { fetch, bodies } = createFetch(generateContentResponse, done);
    vi.stubGlobal("fetch", fetch);
    const answer = await runGemini(
      createRoundTripRegistry(),
      "Weather?",
      new GoogleGenAI({ apiKey: "test" }),
    );
    expect(answer).toBe("Mild.");
    expect((bodies[1]?.contents as unknown[] | undefined)?.[1]).toMatchObject({
      role: "model",
      parts: [{ thoughtSignature: "c2lnbmF0dXJl" }, { functionCall: { name: "render_chart" } }],
    });
  });
});

describe("README code", () => {
  it.each(["openai-chat-loop", "openai-responses-loop", "anthropic-loop", "gemini-loop"])(
    "should show examples/%s.ts verbatim, so the tested loop is the documented one",
    (name) => {
      const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
      const source = readFileSync(new URL(`../examples/${name}.ts`, import.meta.url), "utf8");
      expect(readme).toContain(`\`\`\`ts\n${source}\`\`\``);
    },
  );
});
