// The demo's `--provider` path: offline through each wire format, and the real-model path against
// a local fake server on 127.0.0.1 that speaks the provider's wire format (the official SDK is the
// client).

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Message, ToolCall, ToolResultMessage } from "@toolwright/tool-core";
import { afterEach, describe, expect, it } from "vitest";
import { demoSession } from "../demo-session";
import { runCli } from "../run-cli";
import { runDemo } from "../run-demo";
import { createScriptedModel } from "../scripted-model";
import { createProviderModel } from "./create-provider-model";
import { createProviderTransport } from "./create-provider-transport";
import { type ProviderName, providerNames } from "./provider-name";

const quiet = { write: () => {}, isTTY: false, color: false };

/**
 * What the model asked and how each call ended, without ids, paths or timings. Anthropic and
 * Gemini carry arguments as JSON values, so the scripted malformed argument *text* arrives there
 * as a non-object: only "it failed to parse" is compared, not the message.
 */
function summarise(messages: readonly Message[], exactErrors: boolean): unknown[] {
  return messages.flatMap((message): unknown[] => {
    if (message.role === "assistant") {
      return message.content
        .filter((part): part is ToolCall => part.type === "toolCall")
        .map((call) => ({
          name: call.name,
          arguments: call.arguments,
          argumentsError: exactErrors ? call.argumentsError : call.argumentsError !== undefined,
        }));
    }
    if (message.role === "toolResult")
      return [{ result: (message as ToolResultMessage).toolName, isError: message.isError }];
    return [];
  });
}

describe("--provider offline", () => {
  it.each(providerNames)(
    "%s: should run the scripted session through the wire format with the same calls and outcomes",
    async (provider) => {
      const baseline = await runDemo({}, quiet);
      const model = createProviderModel({
        provider,
        model: "scripted",
        scripted: createScriptedModel(demoSession.turns),
      });
      const result = await runDemo({ model }, quiet);
      expect(result.reason).toBe(baseline.reason);
      expect(summarise(result.messages, provider === "openai")).toEqual(
        summarise(baseline.messages, provider === "openai"),
      );
      expect(result.finalTools).toEqual(baseline.finalTools);
    },
  );

  it("should print each request body with --show-requests, as JSON lines under --json", async () => {
    let stdout = "";
    const environment = {
      stdout: {
        write: (text: string) => {
          stdout += text;
        },
      },
      stderr: { write: () => {} },
      env: {},
    };
    expect(await runCli(["--provider", "openai", "--show-requests", "--json"], environment)).toBe(
      0,
    );
    const requests = stdout
      .split("\n")
      .filter((line) => line.includes('"provider_request"'))
      .map((line) => JSON.parse(line));
    // One request per scripted turn: nine since the approval turn joined the session.
    expect(requests).toHaveLength(9);
    const first = requests[0].body;
    expect(first.model).toBe("scripted");
    expect(first.tools.map((tool: { function: { name: string } }) => tool.function.name)).toContain(
      "read_file",
    );
    for (const tool of first.tools) expect(tool.function.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    // Later requests replay the calls and carry the results in Chat Completions form.
    expect(
      requests[1].body.messages.some((message: { role: string }) => message.role === "tool"),
    ).toBe(true);
  });

  it("should refuse an unknown provider and --show-requests without --provider", async () => {
    let stderr = "";
    const environment = {
      stdout: { write: () => {} },
      stderr: {
        write: (text: string) => {
          stderr += text;
        },
      },
      env: {},
    };
    expect(await runCli(["--provider", "mistral"], environment)).toBe(2);
    expect(stderr).toContain("Option --provider needs one of openai, anthropic, gemini");
    expect(await runCli(["--show-requests"], environment)).toBe(2);
  });
});

/** Answers: first a calculator call, then plain text — in each provider's wire format. */
function answerFor(provider: ProviderName, turn: number, callName: string): unknown {
  if (provider === "openai") {
    const message =
      turn === 0
        ? {
            role: "assistant",
            content: null,
            refusal: null,
            tool_calls: [
              {
                id: "call_1",
                type: "function",
                function: { name: callName, arguments: '{"expression":"6*7"}' },
              },
            ],
          }
        : { role: "assistant", content: "The answer is 42.", refusal: null };
    return {
      id: `chatcmpl-${turn}`,
      object: "chat.completion",
      created: 0,
      model: "fake",
      choices: [
        { index: 0, logprobs: null, finish_reason: turn === 0 ? "tool_calls" : "stop", message },
      ],
    };
  }
  if (provider === "anthropic") {
    const content =
      turn === 0
        ? [{ type: "tool_use", id: "toolu_1", name: callName, input: { expression: "6*7" } }]
        : [{ type: "text", text: "The answer is 42." }];
    return {
      id: `msg_${turn}`,
      type: "message",
      role: "assistant",
      model: "fake",
      content,
      stop_reason: turn === 0 ? "tool_use" : "end_turn",
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    };
  }
  const parts =
    turn === 0
      ? [
          {
            functionCall: { id: "fc_1", name: callName, args: { expression: "6*7" } },
            thoughtSignature: "c2ln",
          },
        ]
      : [{ text: "The answer is 42." }];
  return {
    responseId: `r${turn}`,
    candidates: [{ index: 0, finishReason: "STOP", content: { role: "model", parts } }],
  };
}

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) =>
    server === undefined ? resolve() : server.close(() => resolve()),
  );
  server = undefined;
});

describe("--provider with --model against a local fake server", () => {
  it.each(providerNames)(
    "%s: the official client talks the wire format, calls run, results go back",
    async (provider) => {
      // biome-ignore lint/suspicious/noExplicitAny: request bodies are read as loose JSON here
      const requests: { url: string; body: any }[] = [];
      server = createServer((request, response) => {
        let text = "";
        request.on("data", (chunk) => (text += chunk));
        request.on("end", () => {
          const body = JSON.parse(text);
          requests.push({ url: request.url ?? "", body });
          const tools: { name?: string; function?: { name: string } }[] =
            provider === "gemini" ? body.tools[0].functionDeclarations : body.tools;
          const calculator = tools.find(
            (tool) => (tool.function?.name ?? tool.name) === "calculator",
          );
          response.setHeader("content-type", "application/json");
          response.end(
            JSON.stringify(
              answerFor(provider, requests.length - 1, calculator ? "calculator" : "missing"),
            ),
          );
        });
      });
      await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
      const port = (server.address() as AddressInfo).port;
      const baseUrl =
        provider === "openai" ? `http://127.0.0.1:${port}/v1` : `http://127.0.0.1:${port}`;
      const model = createProviderModel({
        provider,
        model: "fake-model",
        transport: createProviderTransport(provider, { baseUrl, apiKey: "test" }),
      });
      const result = await runDemo({ model }, quiet);

      expect(result.reason).toBe("answered");
      expect(requests.map((request) => request.url)).toEqual(
        Array(2).fill(
          provider === "openai"
            ? "/v1/chat/completions"
            : provider === "anthropic"
              ? "/v1/messages"
              : "/v1beta/models/fake-model:generateContent",
        ),
      );
      const toolResult = result.messages.find(
        (message) => message.role === "toolResult",
      ) as ToolResultMessage;
      expect(toolResult).toMatchObject({ toolName: "calculator", isError: false });
      const second = JSON.stringify(requests[1]?.body);
      expect(second).toContain("42");
      if (provider === "openai")
        expect(requests[1]?.body.messages.at(-1)).toMatchObject({
          role: "tool",
          tool_call_id: "call_1",
        });
      if (provider === "anthropic")
        expect(requests[1]?.body.messages.at(-1).content[0]).toMatchObject({
          type: "tool_result",
          tool_use_id: "toolu_1",
        });
      if (provider === "gemini") {
        expect(requests[1]?.body.contents.at(-2).parts[0]).toEqual({
          functionCall: { id: "fc_1", name: "calculator", args: { expression: "6*7" } },
          thoughtSignature: "c2ln",
        });
        expect(requests[1]?.body.contents.at(-1).parts[0].functionResponse).toMatchObject({
          id: "fc_1",
          name: "calculator",
        });
      }
    },
  );
});
