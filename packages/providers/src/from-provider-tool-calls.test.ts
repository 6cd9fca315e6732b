import { describe, expect, it } from "vitest";
import { fromProviderToolCalls } from "./from-provider-tool-calls";
import { ProviderError } from "./provider-error";
import { toProviderTools } from "./to-provider-tools";

const declarations = [
  {
    name: "fs.read",
    description: "Read a file.",
    constrainedSampling: true,
    parameters: {
      type: "object",
      properties: { path: { type: "string" }, encoding: { type: "string" } },
      required: ["path"],
    },
  },
];

/** A response body as a parsed JSON value (not a fresh literal, so extra fields are allowed). */
const body = <T>(value: T): T => value;
const chat = (toolCalls: unknown[], finish = "tool_calls") => ({
  choices: [
    { message: { role: "assistant", content: null, tool_calls: toolCalls }, finish_reason: finish },
  ],
});

describe("fromProviderToolCalls", () => {
  it("openai-chat: should map names back, parse and de-normalise arguments", () => {
    const tools = toProviderTools(declarations, "openai-chat");
    const read = fromProviderToolCalls(
      chat([
        {
          id: "c1",
          type: "function",
          function: { name: "fs_read", arguments: '{"path":"a.txt","encoding":null}' },
        },
      ]) as never,
      tools,
    );
    expect(read).toEqual({
      calls: [{ type: "toolCall", id: "c1", name: "fs.read", arguments: { path: "a.txt" } }],
      truncated: false,
      malformed: false,
      unknownNames: [],
    });
  });

  it("openai-chat: should keep bad argument text as argumentsError, never throw, and flag truncation", () => {
    const tools = toProviderTools(declarations, "openai-chat");
    const read = fromProviderToolCalls(
      chat(
        [{ id: "c1", type: "function", function: { name: "fs_read", arguments: '{"path":"a' } }],
        "length",
      ) as never,
      tools,
    );
    expect(read.truncated).toBe(true);
    expect(read.calls[0]?.arguments).toEqual({});
    expect(read.calls[0]?.argumentsError).toContain("Received arguments:");
  });

  it("should keep unknown names as written and list them", () => {
    const tools = toProviderTools(declarations, "openai-chat");
    const read = fromProviderToolCalls(
      chat([{ id: "c1", type: "function", function: { name: "rm_rf", arguments: "{}" } }]) as never,
      tools,
    );
    expect(read.calls[0]?.name).toBe("rm_rf");
    expect(read.unknownNames).toEqual(["rm_rf"]);
  });

  it("openai-responses: should read function_call items in order with their item ids", () => {
    const tools = toProviderTools(declarations, "openai-responses");
    const read = fromProviderToolCalls(
      body({
        output: [
          { type: "message", content: [] },
          {
            type: "function_call",
            id: "fc_9",
            call_id: "call_9",
            name: "fs_read",
            arguments: '{"path":"x","encoding":null}',
          },
        ],
        incomplete_details: { reason: "max_output_tokens" },
      }),
      tools,
    );
    expect(read.calls).toEqual([
      {
        type: "toolCall",
        id: "call_9",
        name: "fs.read",
        arguments: { path: "x" },
        providerData: { openai: { itemId: "fc_9" } },
      },
    ]);
    expect(read.truncated).toBe(true);
  });

  it("anthropic: should copy the input, and refuse a non-object input as argumentsError", () => {
    const tools = toProviderTools(declarations, "anthropic");
    const input = { path: "x" };
    const read = fromProviderToolCalls(
      body({
        content: [
          { type: "tool_use", id: "t1", name: "fs_read", input },
          { type: "tool_use", id: "t2", name: "fs_read", input: "x" },
        ],
        stop_reason: "max_tokens",
      }),
      tools,
    );
    expect(read.calls[0]?.arguments).toEqual(input);
    expect(read.calls[0]?.arguments).not.toBe(input);
    expect(read.calls[1]).toMatchObject({
      arguments: {},
      argumentsError: "Tool arguments must be a JSON object",
    });
    expect(read.truncated).toBe(true);
  });

  it("gemini: should make up ids from the idPrefix, and report malformed calls", () => {
    const tools = toProviderTools(declarations, "gemini");
    const read = fromProviderToolCalls(
      body({
        candidates: [
          {
            content: {
              parts: [
                { text: "hm" },
                { functionCall: { name: "fs.read" } },
                { functionCall: { name: "fs.read", args: { path: "b" } } },
              ],
            },
            finishReason: "MAX_TOKENS",
          },
        ],
      }),
      tools,
      { idPrefix: "turn3" },
    );
    expect(read.calls.map((call) => [call.id, call.arguments])).toEqual([
      ["turn3_0", {}],
      ["turn3_1", { path: "b" }],
    ]);
    expect(read.truncated).toBe(true);
    const malformed = fromProviderToolCalls(
      { candidates: [{ finishReason: "MALFORMED_FUNCTION_CALL" }] },
      tools,
    );
    expect(malformed).toEqual({ calls: [], truncated: false, malformed: true, unknownNames: [] });
    const unexpected = fromProviderToolCalls(
      { candidates: [{ finishReason: "UNEXPECTED_TOOL_CALL" }] },
      tools,
    );
    expect(unexpected).toEqual({ calls: [], truncated: false, malformed: true, unknownNames: [] });
    expect(
      fromProviderToolCalls(
        { candidates: [{ content: { parts: [{ functionCall: { name: "fs.read" } }] } }] },
        tools,
      ).calls[0]?.id,
    ).toBe("gemini_call_0");
  });

  it.each([
    ["openai-chat", { choices: [] }],
    ["openai-chat", { id: "x" }],
    [
      "openai-chat",
      {
        choices: [
          { message: { tool_calls: [{ type: "function", function: { arguments: "{}" } }] } },
        ],
      },
    ],
    ["openai-responses", { output: "no" }],
    ["anthropic", { content: null }],
    ["anthropic", { content: [{ type: "tool_use", input: {} }] }],
    ["gemini", { candidates: {} }],
    ["gemini", null],
  ] as const)("%s: should throw INVALID_RESPONSE for %j", (dialect, body) => {
    const tools = toProviderTools(declarations, dialect);
    try {
      fromProviderToolCalls(body as never, tools);
      expect.unreachable();
    } catch (error) {
      expect(ProviderError.isInstance(error) && error.code).toBe("INVALID_RESPONSE");
    }
  });
});
