import type { LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { readUIMessageStream, type ToolSet, type UIMessage } from "ai";
import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import { respond } from "./chat";
import { createLegacyTools } from "./legacy-tools";
import { createChatHandler, createTools } from "./server";
import { createFiles, type Files } from "./tools";

const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** The AI SDK's test model streaming one scripted reply per request: a tool call, or text. */
function scriptedModel(
  replies: readonly ({ id: string; name: string; input: unknown } | string)[],
) {
  let next = 0;
  return new MockLanguageModelV4({
    doStream: async () => {
      const reply = replies[next++];
      const parts: LanguageModelV4StreamPart[] = [{ type: "stream-start", warnings: [] }];
      if (typeof reply === "string") {
        parts.push(
          { type: "text-start", id: "t" },
          { type: "text-delta", id: "t", delta: reply },
          { type: "text-end", id: "t" },
          { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage: USAGE },
        );
      } else if (reply !== undefined) {
        parts.push(
          {
            type: "tool-call",
            toolCallId: reply.id,
            toolName: reply.name,
            input: JSON.stringify(reply.input),
          },
          {
            type: "finish",
            finishReason: { unified: "tool-calls", raw: "tool_calls" },
            usage: USAGE,
          },
        );
      }
      return { stream: convertArrayToReadableStream(parts) };
    },
  });
}

/** What `useChat` does with the stream: the assistant message, as it ends up. */
async function assistantMessage(
  stream: ReadableStream<never>,
  message?: UIMessage,
): Promise<UIMessage> {
  let last: UIMessage | undefined;
  for await (const snapshot of readUIMessageStream({
    stream,
    ...(message === undefined ? {} : { message }),
  })) {
    last = snapshot;
  }
  if (last === undefined) throw new Error("no assistant message");
  return last;
}

function toolPart(message: UIMessage, name: string) {
  return message.parts.find((part) => part.type === `tool-${name}`) as
    | { state: string; output?: unknown; errorText?: string; approval?: { id: string } }
    | undefined;
}

const user: UIMessage = {
  id: "u1",
  role: "user",
  parts: [{ type: "text", text: "Weather in Oslo for 3 days?" }],
};

/** The app's tools before the move, and after: the one line the app changed. */
const toolSets: [string, (files: Files) => ToolSet][] = [
  ["before (AI SDK tools)", (files) => createLegacyTools(files)],
  ["after (toAiSdkTools)", (files) => createTools(files)],
];

describe("the example app, before and after its tools line changed", () => {
  it.each(toolSets)('%s: a model\'s "3" for a number', async (label, makeTools) => {
    const model = scriptedModel([
      { id: "w", name: "get_weather", input: { city: "Oslo", days: "3" } },
      "Sunny.",
    ]);
    const stream = await respond({ model, tools: makeTools(createFiles([])), messages: [user] });
    const part = toolPart(await assistantMessage(stream as ReadableStream<never>), "get_weather");
    if (label.startsWith("before")) {
      // The AI SDK alone refuses the string, and the model has to try again.
      expect(part?.state).toBe("output-error");
      expect(part?.errorText).toContain("Invalid input for tool get_weather");
    } else {
      expect(part?.state).toBe("output-available");
      expect(part?.output).toMatchObject({
        type: "result",
        content: [{ type: "text", text: "Oslo: sunny for 3 days" }],
      });
    }
  });

  it.each(toolSets)(
    "%s: approval through UI messages works unchanged",
    async (_label, makeTools) => {
      const files = createFiles(["old.log", "notes.md"]);
      const tools = makeTools(files);
      const model = scriptedModel([
        { id: "d", name: "delete_file", input: { path: "old.log" } },
        "Deleted it.",
      ]);
      const first = await assistantMessage(
        (await respond({ model, tools, messages: [user] })) as ReadableStream<never>,
      );
      const requested = toolPart(first, "delete_file");
      expect(requested?.state).toBe("approval-requested");
      expect(files.list()).toEqual(["notes.md", "old.log"]);
      // What useChat's addToolApprovalResponse does on the client.
      const answered: UIMessage = {
        ...first,
        parts: first.parts.map((part) =>
          part.type === "tool-delete_file"
            ? ({
                ...part,
                state: "approval-responded",
                approval: { id: requested?.approval?.id, approved: true },
              } as never)
            : part,
        ),
      };
      const second = await assistantMessage(
        (await respond({ model, tools, messages: [user, answered] })) as ReadableStream<never>,
        answered,
      );
      expect(toolPart(second, "delete_file")?.state).toBe("output-available");
      expect(files.list()).toEqual(["notes.md"]);
    },
  );
});

describe("the example app's chat route", () => {
  it("should answer a sloppy call and finish the conversation", async () => {
    const handle = createChatHandler(
      scriptedModel([
        { id: "w", name: "get_weather", input: { city: "Oslo", days: "2" } },
        "Sunny both days.",
      ]),
      createFiles([]),
    );
    const message = await assistantMessage((await handle([user])) as ReadableStream<never>);
    expect(toolPart(message, "get_weather")?.state).toBe("output-available");
    expect(
      message.parts
        .filter((part) => part.type === "text")
        .map((part) => (part as { text: string }).text),
    ).toEqual(["Sunny both days."]);
  });
});
