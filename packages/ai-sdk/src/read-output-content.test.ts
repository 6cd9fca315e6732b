import { describe, expect, it } from "vitest";
import { readOutputContent } from "./read-output-content";

describe("readOutputContent", () => {
  it("should keep well-formed blocks and name a bad one instead of failing", () => {
    expect(
      readOutputContent({
        type: "result",
        content: [{ type: "text", text: "ok" }, { type: "image", data: 7 }, "junk"],
      }),
    ).toEqual([
      { type: "text", text: "ok" },
      { type: "text", text: "[invalid image block 1: data must be a string]" },
      { type: "text", text: expect.stringMatching(/^\[invalid block 2: /) },
    ]);
  });

  it("should give an output without a content array as its JSON", () => {
    expect(readOutputContent({ answer: 42 })).toEqual([{ type: "text", text: '{"answer":42}' }]);
    expect(readOutputContent(undefined)).toEqual([{ type: "text", text: "undefined" }]);
    expect(readOutputContent({ content: "not a list" })).toEqual([
      { type: "text", text: '{"content":"not a list"}' },
    ]);
  });
});
