import { describe, expect, it } from "vitest";
import { parseTranscript } from "./parse-transcript";
import { TranscriptError } from "./transcript-error";

const valid = '{"role":"user","content":"hi","timestamp":1}';

function failure(text: string): TranscriptError {
  try {
    parseTranscript(text);
  } catch (error) {
    if (TranscriptError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected parseTranscript to throw");
}

describe("parseTranscript", () => {
  it("should skip blank lines, a trailing newline and CRLF endings", () => {
    const messages = parseTranscript(`\n${valid}\r\n   \r\n${valid}\n`);
    expect(messages).toStrictEqual([
      { role: "user", content: "hi", timestamp: 1 },
      { role: "user", content: "hi", timestamp: 1 },
    ]);
    expect(parseTranscript("")).toStrictEqual([]);
  });

  it("should keep unknown extra fields", () => {
    const [message] = parseTranscript('{"role":"user","content":"hi","timestamp":1,"id":"u1"}');
    expect(message).toStrictEqual({ role: "user", content: "hi", timestamp: 1, id: "u1" });
  });

  it("should keep __proto__ as plain data, never as a prototype", () => {
    const [message] = parseTranscript(
      '{"role":"assistant","content":[{"type":"toolCall","id":"1","name":"x","arguments":{"__proto__":{"polluted":true}}}],"timestamp":1,"__proto__":{"polluted":true}}',
    );
    expect(Object.getPrototypeOf(message)).toBe(Object.prototype);
    expect(Object.hasOwn(message as object, "__proto__")).toBe(true);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it("should load a line whose tool arguments are nested 10,000 levels deep", () => {
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    const [message] = parseTranscript(
      `{"role":"assistant","content":[{"type":"toolCall","id":"1","name":"x","arguments":{"v":${deep}}}],"timestamp":1}`,
    );
    expect(message?.role).toBe("assistant");
  });

  it.each([
    { line: "not json", problem: "not valid JSON (" },
    { line: "[1,2]", problem: "a message must be a JSON object" },
    { line: "null", problem: "a message must be a JSON object" },
    {
      line: '{"content":"x","timestamp":1}',
      problem: 'role must be one of "system", "user", "assistant", "toolResult" (got nothing)',
    },
    { line: '{"role":"bot","content":"x","timestamp":1}', problem: '(got "bot")' },
    { line: '{"role":"user","content":"x"}', problem: "timestamp must be a finite number" },
    {
      line: '{"role":"user","content":"x","timestamp":"1"}',
      problem: "timestamp must be a finite number",
    },
    { line: '{"role":"user","content":5,"timestamp":1}', problem: "content must be an array" },
    {
      line: '{"role":"user","content":[{"type":"video"}],"timestamp":1}',
      problem:
        'content[0].type must be one of "text", "image", "audio", "file", "resource_link", "resource"',
    },
    {
      line: '{"role":"toolResult","toolCallId":"c","toolName":"t","content":[{"type":"audio","mimeType":"audio/wav"}],"isError":false,"timestamp":1}',
      problem: "content[0].data must be a string",
    },
    {
      line: '{"role":"toolResult","toolCallId":"c","toolName":"t","content":[{"type":"file","mimeType":"application/pdf"}],"isError":false,"timestamp":1}',
      problem: "content[0] a file must have exactly one of data and url",
    },
    {
      line: '{"role":"user","content":[{"type":"resource","resource":{"uri":"u"}}],"timestamp":1}',
      problem: "content[0].resource must have exactly one of text and blob",
    },
    {
      line: '{"role":"user","content":[{"type":"text","text":"x","annotations":{"audience":["bot"]}}],"timestamp":1}',
      problem: 'content[0].annotations.audience must be an array of "user" and "assistant"',
    },
    {
      line: '{"role":"user","content":[null],"timestamp":1}',
      problem: "content[0] must be an object, got null",
    },
    {
      line: '{"role":"user","content":[{"type":"image","data":"A"}],"timestamp":1}',
      problem: "content[0].mimeType must be a string",
    },
    { line: '{"role":"system","timestamp":1}', problem: "content must be a string" },
    {
      line: '{"role":"system","content":"","timestamp":1,"toolsAdded":{}}',
      problem: "toolsAdded must be an array",
    },
    {
      line: '{"role":"system","content":"","timestamp":1,"toolsAdded":[7]}',
      problem: "toolsAdded[0] must be an object",
    },
    {
      line: '{"role":"system","content":"","timestamp":1,"toolsAdded":[{"name":"a","description":"d"}]}',
      problem: "toolsAdded[0].parameters must be an object",
    },
    {
      line: '{"role":"system","content":"","timestamp":1,"toolsAdded":[{"name":"a","parameters":{}}]}',
      problem: "toolsAdded[0].description must be a string",
    },
    {
      line: '{"role":"system","content":"","timestamp":1,"toolsAdded":[{"name":"a","description":"d","parameters":{},"constrainedSampling":"yes"}]}',
      problem: "toolsAdded[0].constrainedSampling must be a boolean",
    },
    {
      line: '{"role":"system","content":"","timestamp":1,"toolsRemoved":[{"name":3}]}',
      problem: "toolsRemoved[0].name must be a string",
    },
    {
      line: '{"role":"assistant","content":[{"type":"toolCall","id":"1","name":"x","arguments":[]}],"timestamp":1}',
      problem: "content[0].arguments must be an object",
    },
    {
      line: '{"role":"assistant","content":[{"type":"toolCall","name":"x","arguments":{}}],"timestamp":1}',
      problem: "content[0].id must be a string",
    },
    {
      line: '{"role":"assistant","content":[{"type":"thinking"}],"timestamp":1}',
      problem: "content[0].thinking must be a string",
    },
    {
      line: '{"role":"assistant","content":[],"stopReason":"bored","timestamp":1}',
      problem: "stopReason must be one of",
    },
    {
      line: '{"role":"toolResult","toolName":"x","content":[],"isError":false,"timestamp":1}',
      problem: "toolCallId must be a string",
    },
    {
      line: '{"role":"toolResult","toolCallId":"1","toolName":"x","content":[],"timestamp":1}',
      problem: "isError must be a boolean",
    },
    {
      line: '{"role":"toolResult","toolCallId":"1","toolName":"x","content":[],"isError":false,"usage":3,"timestamp":1}',
      problem: "usage must be an object",
    },
  ])("should reject line 3 with: $problem", ({ line, problem }) => {
    const error = failure(`${valid}\n\n${line}\n${valid}\n`);
    expect(error.code).toBe("INVALID_TRANSCRIPT");
    expect(error.line).toBe(3);
    expect(error.message.startsWith("Invalid transcript at line 3: ")).toBe(true);
    expect(error.message).toContain(problem);
  });

  it("should reject text that is not a string", () => {
    expect(() => parseTranscript(42 as unknown as string)).toThrow(
      "A transcript must be a string of JSON lines",
    );
  });
});
