import type { Tool, ToolCall } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { createSecretRedactor, redactSecrets } from "./redact-secrets";

describe("redactSecrets", () => {
  it.each([
    ["API_KEY=sk-demo-4f9a2c71e0b84d6f", "API_KEY=[redacted]", 1],
    ["token sk-abcdefgh1234 here", "token [redacted] here", 1],
    [
      "GITHUB_TOKEN=ghp_x\nDB_PASSWORD=hunter2",
      "GITHUB_TOKEN=[redacted]\nDB_PASSWORD=[redacted]",
      2,
    ],
    ["REGION=eu-west-1", "REGION=eu-west-1", 0],
    ["sk-short", "sk-short", 0],
  ])("should redact %j", (text, expected, secrets) => {
    expect(redactSecrets(text)).toEqual({ text: expected, secrets });
  });
});

describe("createSecretRedactor", () => {
  const toolCall: ToolCall = { type: "toolCall", id: "c1", name: "read_file", arguments: {} };
  const context = (text: string) => ({
    toolCall,
    tool: { name: "read_file" } as Tool,
    args: {},
    result: { content: [{ type: "text" as const, text }], details: { kept: true } },
    isError: false,
    context: undefined,
    assistantMessage: undefined,
  });

  it("should return only the replaced content and report the count", async () => {
    const reports: unknown[] = [];
    const hook = createSecretRedactor((...report) => reports.push(report));
    const replacement = await hook(
      context("API_KEY=sk-demo-123456789"),
      new AbortController().signal,
    );
    expect(replacement).toEqual({ content: [{ type: "text", text: "API_KEY=[redacted]" }] });
    expect(reports).toEqual([["c1", "read_file", 1]]);
  });

  it("should leave a clean result alone", async () => {
    const hook = createSecretRedactor();
    expect(await hook(context("nothing secret"), new AbortController().signal)).toBeUndefined();
  });
});
