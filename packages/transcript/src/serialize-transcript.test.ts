import { Type } from "@sinclair/typebox";
import type { Message } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { declareToolChanges } from "./declare-tool-changes";
import { getCurrentTools } from "./get-current-tools";
import { parseTranscript } from "./parse-transcript";
import { serializeTranscript } from "./serialize-transcript";
import { makeTestTool } from "./tool-test-support";

const transcript: Message[] = [
  { role: "system", content: "You are terse.", timestamp: 1 },
  { role: "user", content: [{ type: "text", text: "read a.txt\nplease" }], timestamp: 2 },
  {
    role: "assistant",
    content: [
      { type: "thinking", thinking: "use read" },
      { type: "toolCall", id: "call-1", name: "read", arguments: { path: "a.txt" } },
    ],
    stopReason: "toolUse",
    timestamp: 3,
  },
  {
    role: "toolResult",
    toolCallId: "call-1",
    toolName: "read",
    content: [{ type: "image", data: "AAAA", mimeType: "image/png" }],
    details: { bytes: 4 },
    usage: undefined,
    isError: false,
    durationMs: 12,
    timestamp: 4,
  },
];

/** A tool result with one block of every type, annotations on some. */
const richResult: Message = {
  role: "toolResult",
  toolCallId: "call-2",
  toolName: "fetch",
  content: [
    { type: "text", text: "summary", annotations: { audience: ["assistant"], priority: 1 } },
    { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
    { type: "audio", data: "UklGRiQAAABXQVZF", mimeType: "audio/wav" },
    { type: "file", mimeType: "application/pdf", filename: "report.pdf", data: "JVBERi0xLjQ=" },
    { type: "file", url: "https://example.com/spec.pdf" },
    { type: "resource_link", uri: "file:///notes.md", name: "notes", title: "Notes", size: 120 },
    {
      type: "resource",
      resource: { uri: "file:///a.txt", mimeType: "text/plain", text: "alpha" },
      annotations: { audience: ["user"], lastModified: "2026-12-01T14:00:00Z" },
    },
    { type: "resource", resource: { uri: "file:///b.bin", blob: "AAECAw==" } },
  ],
  details: undefined,
  usage: undefined,
  isError: false,
  timestamp: 5,
};

describe("serializeTranscript", () => {
  it("should write and load every content block type unchanged, in results and user messages", () => {
    const user: Message = {
      role: "user",
      content: (richResult as { content: Message["content"] }).content as never,
      timestamp: 6,
    };
    const messages = [...transcript, richResult, user];
    const loaded = parseTranscript(serializeTranscript(messages));
    expect(loaded).toStrictEqual(JSON.parse(JSON.stringify(messages)));
    expect(loaded[4]).toMatchObject({ content: (richResult as { content: unknown }).content });
  });

  it("should refuse to write a block it could not load, naming the message", () => {
    const bad = { ...richResult, content: [{ type: "audio", mimeType: "audio/wav" }] } as never;
    expect(() => serializeTranscript([bad])).toThrow(
      "Message 0 cannot be serialised: content[0].data must be a string",
    );
  });

  it("should write one JSON message per line, each ending in a newline", () => {
    const text = serializeTranscript(transcript);
    const lines = text.split("\n");
    expect(lines).toHaveLength(transcript.length + 1);
    expect(lines.at(-1)).toBe("");
    expect(JSON.parse(lines[1] as string)).toStrictEqual(transcript[1]);
    expect(serializeTranscript([])).toBe("");
  });

  it("should round-trip a transcript whose tools changed, replaying to the same tools", () => {
    const read = makeTestTool("read", { parameters: Type.Object({ path: Type.String() }) });
    const write = makeTestTool("write", { constrainedSampling: true });
    const messages: Message[] = [...transcript];
    for (const tools of [
      [read],
      [read, write],
      [makeTestTool("read", { description: "v2" })],
      [],
    ]) {
      const pending: Message[] = [{ role: "user", content: "next", timestamp: 5 }];
      messages.push(...(declareToolChanges({ messages, tools }, pending) as Message[]));
    }
    const loaded = parseTranscript(serializeTranscript(messages));
    expect(loaded).toStrictEqual(JSON.parse(JSON.stringify(messages)));
    expect(getCurrentTools(loaded)).toStrictEqual(getCurrentTools(messages));
    for (let length = 0; length <= messages.length; length++) {
      expect(getCurrentTools(loaded.slice(0, length))).toStrictEqual(
        getCurrentTools(messages.slice(0, length)),
      );
    }
  });

  it.each([
    {
      rule: "a message that is not JSON",
      message: { role: "user", content: "x", timestamp: 1, size: 1n },
      error: "Message 0 cannot be serialised: Do not know how to serialize a BigInt",
    },
    {
      rule: "a message with an unknown role",
      message: { role: "robot", content: "x", timestamp: 1 },
      error:
        'Message 0 cannot be serialised: role must be one of "system", "user", "assistant", "toolResult" (got "robot")',
    },
    {
      rule: "a NaN timestamp",
      message: { role: "user", content: "x", timestamp: Number.NaN },
      error: "Message 0 cannot be serialised: timestamp must be a finite number",
    },
  ])("should refuse $rule", ({ message, error }) => {
    expect(() => serializeTranscript([message as unknown as Message])).toThrow(error);
  });
});
