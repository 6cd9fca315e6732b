import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "./run-cli";

interface WireMessage {
  role: string;
  content?: unknown;
  tool_call_id?: string;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
}
interface WireRequest {
  model: string;
  messages: WireMessage[];
  tools?: { type: string; function: { name: string; parameters?: unknown } }[];
}
interface Recorded {
  readonly body: WireRequest;
  readonly authorization: string | undefined;
  readonly path: string | undefined;
}

/** A chat-completions endpoint on 127.0.0.1 that answers with scripted responses in order. */
async function startFakeServer(responses: readonly { status?: number; body: unknown }[]) {
  const requests: Recorded[] = [];
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      text += chunk;
    });
    request.on("end", () => {
      requests.push({
        body: JSON.parse(text) as WireRequest,
        authorization: request.headers.authorization,
        path: request.url,
      });
      const next = responses[requests.length - 1] ?? {
        status: 500,
        body: { error: { message: "script ran out" } },
      };
      response.writeHead(next.status ?? 200, { "content-type": "application/json" });
      response.end(JSON.stringify(next.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, requests, server };
}

function completion(
  finishReason: string,
  toolCalls: { id: string; name: string; arguments: string }[],
  content: string | null = null,
) {
  return {
    body: {
      id: "chatcmpl-test",
      object: "chat.completion",
      created: 1_700_000_000,
      model: "fake-model",
      choices: [
        {
          index: 0,
          finish_reason: finishReason,
          logprobs: null,
          message: {
            role: "assistant",
            content,
            refusal: null,
            ...(toolCalls.length === 0
              ? {}
              : {
                  tool_calls: toolCalls.map((call) => ({
                    id: call.id,
                    type: "function",
                    function: { name: call.name, arguments: call.arguments },
                  })),
                }),
          },
        },
      ],
    },
  };
}

function silentEnvironment() {
  const captured = { stdout: "", stderr: "" };
  return {
    captured,
    environment: {
      stdout: {
        write: (text: string) => {
          captured.stdout += text;
        },
        isTTY: false,
      },
      stderr: {
        write: (text: string) => {
          captured.stderr += text;
        },
      },
      env: {},
    },
  };
}

describe("createOpenAIModel", () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  it("should drive the agent loop through a chat-completions endpoint, never the network", async () => {
    const fake = await startFakeServer([
      completion("tool_calls", [
        { id: "call_a", name: "calculator", arguments: '{"expression": "6 * 7"}' },
        { id: "call_b", name: "list_dir", arguments: "" },
      ]),
      completion("length", [
        { id: "call_c", name: "write_file", arguments: '{"path": "a.md", "content": "4' },
      ]),
      completion("tool_calls", [
        { id: "call_d", name: "write_file", arguments: '{"path":"a.md","content":"42\\n"}' },
      ]),
      completion(
        "tool_calls",
        [{ id: "call_e", name: "finish", arguments: '{"summary":"done"}' }],
        "Finishing.",
      ),
    ]);
    server = fake.server;
    const { captured, environment } = silentEnvironment();

    const code = await runCli(
      ["--model", "fake-model", "--base-url", fake.url, "--json"],
      environment,
    );

    expect(captured.stderr).toBe("");
    expect(code).toBe(0);
    expect(fake.requests).toHaveLength(4);
    const [first, second, third, fourth] = fake.requests.map((request) => request.body);
    expect(fake.requests[0]?.path).toBe("/v1/chat/completions");
    expect(fake.requests[0]?.authorization).toBe("Bearer not-needed");
    expect(first?.model).toBe("fake-model");
    expect(first?.messages.map((message) => message.role)).toEqual(["system", "user"]);
    expect(first?.tools?.map((tool) => tool.function.name)).toEqual([
      "read_file",
      "write_file",
      "delete_file",
      "list_dir",
      "calculator",
      "convert_units",
      "slow_task",
      "echo",
      "finish",
    ]);
    // The Zod-defined tool reaches the provider as the JSON Schema Zod produces.
    const convertUnits = first?.tools?.find((tool) => tool.function.name === "convert_units");
    expect(convertUnits?.function.parameters).toMatchObject({
      type: "object",
      properties: { value: { type: "number" }, from: { enum: expect.arrayContaining(["km"]) } },
      required: ["value", "from", "to"],
    });
    expect(second?.messages.slice(2)).toEqual([
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: "call_a",
            type: "function",
            function: { name: "calculator", arguments: '{"expression":"6 * 7"}' },
          },
          { id: "call_b", type: "function", function: { name: "list_dir", arguments: "{}" } },
        ],
      },
      { role: "tool", tool_call_id: "call_a", content: "6 * 7 = 42" },
      { role: "tool", tool_call_id: "call_b", content: ".env\ndata/\nnotes.txt" },
    ]);
    expect(third?.messages.at(-1)).toMatchObject({ role: "tool", tool_call_id: "call_c" });
    expect(String(third?.messages.at(-1)?.content)).toContain("hit the output token limit");
    // After the write succeeded the application swapped tools; the request lists the new set, and
    // the content-less declaration message is not sent as an empty system message.
    expect(fourth?.tools?.map((tool) => tool.function.name)).toContain("word_count");
    expect(fourth?.tools?.map((tool) => tool.function.name)).not.toContain("slow_task");
    expect(fourth?.messages.filter((message) => message.role === "system")).toHaveLength(1);

    const events = captured.stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string });
    expect(events).toContainEqual(
      expect.objectContaining({ type: "loop_end", reason: "terminate", turn: 4 }),
    );
  });

  it("should end with exit code 1 and the endpoint's message when a request fails", async () => {
    const fake = await startFakeServer([
      { status: 400, body: { error: { message: "model not found: nope" } } },
    ]);
    server = fake.server;
    const { captured, environment } = silentEnvironment();

    const code = await runCli(["--model", "nope", "--base-url", fake.url, "--json"], environment);

    expect(code).toBe(1);
    const end = captured.stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; reason?: string; error?: string })
      .find((event) => event.type === "loop_end");
    expect(end).toMatchObject({
      reason: "model_error",
      error: expect.stringContaining("model not found: nope"),
    });
  });
});
