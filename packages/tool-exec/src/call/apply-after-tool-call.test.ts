import type { ToolResult } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { applyAfterToolCall } from "./apply-after-tool-call";

const original: ToolResult = {
  content: [
    { type: "text", text: "a" },
    { type: "text", text: "b" },
  ],
  details: { keep: 1, nested: { deep: true } },
  structuredContent: { value: "original" },
  usage: { inputTokens: 3 },
  isError: false,
};

describe("applyAfterToolCall", () => {
  it.each<[string, unknown, Partial<Record<keyof ToolResult, unknown>>]>([
    ["undefined keeps everything", undefined, original],
    ["null keeps everything", null, original],
    ["a non-object keeps everything", "rewrite", original],
    ["details replace whole", { details: { other: 2 } }, { ...original, details: { other: 2 } }],
    ["null details replace", { details: null }, { ...original, details: null }],
    ["undefined fields keep", { details: undefined, usage: undefined }, original],
    [
      "content alone drops structuredContent",
      { content: [{ type: "text", text: "c" }] },
      { ...original, content: [{ type: "text", text: "c" }], structuredContent: undefined },
    ],
    [
      "content with structuredContent keeps the new one",
      { content: [], structuredContent: { value: "new" } },
      { ...original, content: [], structuredContent: { value: "new" } },
    ],
    ["isError replaces", { isError: true }, { ...original, isError: true }],
    [
      "usage replaces whole",
      { usage: { outputTokens: 1 } },
      { ...original, usage: { outputTokens: 1 } },
    ],
    ["terminate is added", { terminate: true }, { ...original, terminate: true }],
  ])("should handle %s", (_name, patch, expected) => {
    expect(applyAfterToolCall(original, patch)).toEqual(expected);
  });

  it("should return the result itself when the hook returned nothing", () => {
    expect(applyAfterToolCall(original, undefined)).toBe(original);
  });

  it("should not mutate the result", () => {
    const frozen = Object.freeze({ ...original });
    applyAfterToolCall(frozen, { content: [], details: 1 });
    expect(frozen).toEqual(original);
  });
});
