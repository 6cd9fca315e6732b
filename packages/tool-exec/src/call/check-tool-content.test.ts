import { describe, expect, it } from "vitest";
import { checkToolContent, checkToolResult } from "./check-tool-content";

describe("checkToolContent", () => {
  it.each<[string, unknown, string | undefined]>([
    [
      "text and image parts",
      [
        { type: "text", text: "a" },
        { type: "image", data: "AA", mimeType: "image/png" },
      ],
      undefined,
    ],
    ["an empty array", [], undefined],
    ["a string", "text", "content must be an array, got string"],
    ["a null part", [null], "content[0] must be an object, got null"],
    ["a text part without text", [{ type: "text" }], "content[0].text must be a string"],
    [
      "an image without mimeType",
      [{ type: "image", data: "AA" }],
      "content[0] must have string data and mimeType",
    ],
    ["an unknown part type", [{ type: "audio" }], 'content[0].type must be "text" or "image"'],
  ])("should judge %s", (_name, value, expected) => {
    expect(checkToolContent(value)).toBe(expected);
  });
});

describe("checkToolResult", () => {
  it.each<[string, unknown, string | undefined]>([
    ["a result", { content: [] }, undefined],
    ["undefined", undefined, "expected an object with content, got undefined"],
    ["an array", [], "expected an object with content, got array"],
    ["an object without content", {}, "content must be an array, got undefined"],
  ])("should judge %s", (_name, value, expected) => {
    expect(checkToolResult(value)).toBe(expected);
  });
});
