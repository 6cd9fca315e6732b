// Provider responses in each API's real wire format, written for the round-trip tests. `satisfies`
// checks each one against the official SDK's response type at typecheck time.
import type Anthropic from "@anthropic-ai/sdk";
import { FinishReason, type GenerateContentResponse } from "@google/genai";
import type OpenAI from "openai";

/** Chat Completions: two calls, one with a null for an optional field (strict mode). */
export const chatCompletion = {
  id: "chatcmpl-9x1",
  object: "chat.completion",
  created: 1764600000,
  model: "gpt-5.1",
  choices: [
    {
      index: 0,
      logprobs: null,
      finish_reason: "tool_calls",
      message: {
        role: "assistant",
        content: null,
        refusal: null,
        tool_calls: [
          { id: "call_weather_1", type: "function", function: { name: "weather_current", arguments: '{"city":"Paris","unit":null}' } },
          { id: "call_chart_2", type: "function", function: { name: "render_chart", arguments: '{"title":"Rain"}' } },
        ],
      },
    },
  ],
} satisfies OpenAI.Chat.ChatCompletion;

/** Responses: a reasoning item, then two function calls with item ids. */
export const response = {
  id: "resp_68f1",
  object: "response",
  created_at: 1764600000,
  model: "gpt-5.1",
  status: "completed",
  access_programs: null,
  output_text: "",
  error: null,
  incomplete_details: null,
  instructions: null,
  metadata: null,
  parallel_tool_calls: true,
  temperature: null,
  tool_choice: "auto",
  tools: [],
  top_p: null,
  output: [
    { type: "reasoning", id: "rs_1", summary: [] },
    { type: "function_call", id: "fc_1", call_id: "call_weather_1", name: "weather_current", arguments: '{"city":"Paris","unit":null}', status: "completed" },
    { type: "function_call", id: "fc_2", call_id: "call_chart_2", name: "render_chart", arguments: '{"title":"Rain"}', status: "completed" },
  ],
} satisfies OpenAI.Responses.Response;

/** Anthropic Messages: text, then two tool_use blocks. */
export const message = {
  id: "msg_01",
  type: "message",
  role: "assistant",
  model: "claude-opus-4-5",
  container: null,
  diagnostics: null,
  stop_details: null,
  stop_reason: "tool_use",
  stop_sequence: null,
  usage: {
    cache_creation: null,
    cache_creation_input_tokens: null,
    cache_read_input_tokens: null,
    inference_geo: null,
    input_tokens: 420,
    output_tokens: 61,
    output_tokens_details: null,
    server_tool_use: null,
    service_tier: "standard",
    speed: null,
  },
  content: [
    { type: "text", text: "Checking the weather and drawing the chart.", citations: null },
    { type: "tool_use", id: "toolu_01A", caller: { type: "direct" }, name: "weather_current", input: { city: "Paris" } },
    { type: "tool_use", id: "toolu_01B", caller: { type: "direct" }, name: "render_chart", input: { title: "Rain" } },
  ],
} satisfies Anthropic.Message;

/** Gemini generateContent: one call with an id and a thought signature, one without an id. */
export const generateContentResponse = {
  responseId: "resp-gem/7",
  modelVersion: "gemini-3-pro",
  candidates: [
    {
      index: 0,
      finishReason: FinishReason.STOP,
      content: {
        role: "model",
        parts: [
          { functionCall: { id: "fc-weather", name: "weather.current", args: { city: "Paris" } }, thoughtSignature: "c2lnbmF0dXJl" },
          { functionCall: { name: "render_chart", args: { title: "Rain" } } },
        ],
      },
    },
  ],
} satisfies Pick<GenerateContentResponse, "responseId" | "modelVersion" | "candidates">;
