import type { Message, ToolDeclaration } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { fromProviderToolCalls } from "./from-provider-tool-calls";
import { planTranscriptTools } from "./plan-transcript-tools";

const declare = (name: string, description = name): ToolDeclaration => ({
  name,
  description,
  parameters: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
});
const system = (
  content: string,
  added: ToolDeclaration[] = [],
  removed: string[] = [],
): Message => ({
  role: "system",
  content,
  ...(added.length > 0 ? { toolsAdded: added } : {}),
  ...(removed.length > 0 ? { toolsRemoved: removed.map((name) => ({ name })) } : {}),
  timestamp: 0,
});
const user = (text: string): Message => ({ role: "user", content: text, timestamp: 0 });
const assistant = (): Message => ({
  role: "assistant",
  content: [{ type: "text", text: "ok" }],
  timestamp: 0,
});

const transcript: Message[] = [
  system("You help.", [declare("web.search"), declare("fs.read")]),
  user("hi"),
  assistant(),
  system("", [declare("calc")]),
  user("add"),
  system("Search changed.", [declare("web.search", "Search v2")], ["fs.read"]),
  assistant(),
  user("more"),
];

describe("planTranscriptTools", () => {
  it("openai-chat: should fold everything and keep removed tools for mapping back", () => {
    const plan = planTranscriptTools(transcript, "openai-chat");
    expect(plan.support).toBe("none");
    expect(plan.tools.tools.map((tool) => [tool.function.name, tool.function.description])).toEqual(
      [
        ["web_search", "Search v2"],
        ["calc", "calc"],
      ],
    );
    expect(plan.foldedSystemMessages.size).toBe(3);
    expect(plan.toolChanges).toEqual([]);
    expect(plan.tools.compiled.get("fs.read")).toMatchObject({
      inRequest: false,
      providerName: "fs_read",
    });
    const read = fromProviderToolCalls(
      {
        choices: [
          {
            message: {
              tool_calls: [
                {
                  id: "c",
                  type: "function",
                  function: { name: "fs_read", arguments: '{"q":"x"}' },
                },
              ],
            },
          },
        ],
      },
      plan.tools,
    );
    expect(read.calls[0]?.name).toBe("fs.read");
    expect(read.unknownNames).toEqual([]);
  });

  it("openai-responses with midConversationTools: pure additions become additional_tools items", () => {
    const additive: Message[] = [
      system("You help.", [declare("web.search")]),
      user("hi"),
      assistant(),
      system("", [declare("calc")]),
      user("add"),
      system("Also files.", [declare("fs.read")]),
      user("read"),
    ];
    const plan = planTranscriptTools(additive, "openai-responses", { midConversationTools: true });
    expect(plan.support).toBe("additions");
    expect(plan.tools.tools.map((tool) => tool.name)).toEqual(["web_search"]);
    expect(plan.toolChanges).toEqual([
      {
        sourceIndex: 3,
        insertBeforeIndex: 3,
        item: {
          type: "additional_tools",
          role: "developer",
          tools: [expect.objectContaining({ name: "calc" })],
        },
      },
      {
        sourceIndex: 5,
        insertBeforeIndex: 6,
        item: {
          type: "additional_tools",
          role: "developer",
          tools: [expect.objectContaining({ name: "fs_read" })],
        },
      },
    ]);
    expect(plan.tools.compiled.get("calc")?.inRequest).toBe(true);
  });

  it("openai-responses: a removal moves the fold point past it", () => {
    const plan = planTranscriptTools(transcript, "openai-responses", {
      midConversationTools: true,
    });
    expect(plan.toolChanges).toEqual([]);
    expect(plan.tools.tools.map((tool) => tool.name)).toEqual(["web_search", "calc"]);
  });

  it("anthropic with midConversationTools: a growing list, versioned redefinitions, anchored system messages", () => {
    const plan = planTranscriptTools(transcript, "anthropic", { midConversationTools: true });
    expect(plan.support).toBe("changes");
    expect(plan.tools.extras).toEqual({ betas: ["mid-conversation-tool-changes-2026-07-01"] });
    expect(plan.tools.tools.map((tool) => [tool.name, tool.defer_loading ?? false])).toEqual([
      ["web_search", false],
      ["fs_read", false],
      ["calc", true],
      ["web_search_v2", true],
    ]);
    expect(plan.foldedSystemMessages.size).toBe(1);
    expect(plan.toolChanges).toEqual([
      {
        sourceIndex: 3,
        insertBeforeIndex: 6,
        item: {
          role: "system",
          content: [
            { type: "tool_addition", tool: { type: "tool_reference", name: "calc" } },
            { type: "text", text: "Search changed." },
            { type: "tool_removal", tool: { type: "tool_reference", name: "fs_read" } },
            { type: "tool_removal", tool: { type: "tool_reference", name: "web_search" } },
            { type: "tool_addition", tool: { type: "tool_reference", name: "web_search_v2" } },
          ],
        },
      },
    ]);
    expect(
      ["web_search", "web_search_v2"].map((name) => plan.tools.names.fromProvider(name)),
    ).toEqual(["web.search", "web.search"]);
  });

  it("anthropic: request N's tools are a prefix-extension of request N-1's", () => {
    for (let length = 1; length < transcript.length; length++) {
      const before = planTranscriptTools(transcript.slice(0, length), "anthropic", {
        midConversationTools: true,
      }).tools.tools;
      const after = planTranscriptTools(transcript.slice(0, length + 1), "anthropic", {
        midConversationTools: true,
      }).tools.tools;
      expect(JSON.stringify(after.slice(0, before.length))).toBe(JSON.stringify(before));
    }
  });

  it("should rebuild the same map and payload from the same transcript", () => {
    for (const dialect of ["openai-chat", "openai-responses", "anthropic", "gemini"] as const) {
      const first = planTranscriptTools(transcript, dialect, { midConversationTools: true });
      const second = planTranscriptTools(structuredClone(transcript), dialect, {
        midConversationTools: true,
      });
      expect(second.tools.names.entries()).toEqual(first.tools.names.entries());
      expect(JSON.stringify(second.tools.tools)).toBe(JSON.stringify(first.tools.tools));
    }
  });

  it("gemini: folds everything", () => {
    const plan = planTranscriptTools(transcript, "gemini");
    expect(
      plan.tools.tools[0]?.functionDeclarations.map((declaration) => declaration.name),
    ).toEqual(["web.search", "calc"]);
  });
});
