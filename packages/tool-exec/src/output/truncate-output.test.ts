import type { ToolContent } from "@toolwright/tool-core";
import { describe, expect, it, vi } from "vitest";
import { createToolCall } from "../test-support";
import { truncateOutput, truncationNotice } from "./truncate-output";

const call = createToolCall("1", "read");

function text(value: string): ToolContent {
  return { type: "text", text: value };
}

describe("truncateOutput", () => {
  it("should return the same array when the output fits", () => {
    const content = [text("short")];
    expect(truncateOutput(content, {}, call)).toBe(content);
  });

  it("should return the same array when a long output still fits after measuring", () => {
    const content = [text("a\n".repeat(100))];
    expect(truncateOutput(content, { maxLines: 100, maxBytes: 1000 }, call)).toBe(content);
  });

  it.each([
    [
      "lines",
      { maxLines: 2 },
      "a\nb\nc\nd",
      "a\nb\n\n[Output truncated: showing 2 of 4 lines (4 of 7 bytes).]",
    ],
    [
      "bytes",
      { maxBytes: 5 },
      "aa\nbb\ncc",
      "aa\n\n[Output truncated: showing 1 of 3 lines (3 of 8 bytes).]",
    ],
    [
      "bytes of multi-byte text",
      { maxBytes: 8 },
      "é€\n😀\nx",
      "é€\n\n[Output truncated: showing 1 of 3 lines (6 of 12 bytes).]",
    ],
  ])(
    "should cut at a line boundary by %s and say what was shown",
    (_name, options, input, expected) => {
      expect(truncateOutput([text(input)], options, call)).toEqual([text(expected)]);
    },
  );

  it("should not count the empty end after a trailing newline as a line", () => {
    const result = truncateOutput([text("a\nb\nc\n")], { maxLines: 1 }, call);
    expect(result).toEqual([text("a\n\n[Output truncated: showing 1 of 3 lines (2 of 6 bytes).]")]);
  });

  it("should share the budget across text parts and keep images", () => {
    const image: ToolContent = { type: "image", data: "AAAA", mimeType: "image/png" };
    const result = truncateOutput([text("a\nb"), image, text("c\nd")], { maxLines: 3 }, call);
    expect(result).toEqual([
      text("a\nb"),
      image,
      text("c\n\n[Output truncated: showing 3 of 4 lines (5 of 6 bytes).]"),
    ]);
  });

  it("should cut inside a first line longer than the whole budget, never splitting a character", () => {
    const result = truncateOutput([text("😀😀😀")], { maxBytes: 6 }, call);
    expect(result).toEqual([
      text("😀\n\n[Output truncated: showing 0 of 1 lines (4 of 12 bytes).]"),
    ]);
  });

  it("should name the spilled reference in the notice and pass the full text", () => {
    const spill = vi.fn(() => "artifact://42");
    const result = truncateOutput([text("a\nb\nc")], { maxLines: 1, spill }, call);
    expect(spill).toHaveBeenCalledWith("a\nb\nc", call);
    expect(result).toEqual([
      text(
        "a\n\n[Output truncated: showing 1 of 3 lines (2 of 5 bytes). The full output is at artifact://42.]",
      ),
    ]);
  });

  it("should await an async spill", async () => {
    const result = await truncateOutput(
      [text("a\nb")],
      { maxLines: 1, spill: async () => "/tmp/full.txt" },
      call,
    );
    expect(result).toEqual([
      text(
        "a\n\n[Output truncated: showing 1 of 2 lines (2 of 3 bytes). The full output is at /tmp/full.txt.]",
      ),
    ]);
  });

  it.each([
    [
      "throws",
      () => {
        throw new Error("disk full");
      },
    ],
    ["rejects", () => Promise.reject(new Error("disk full"))],
  ])("should leave the reference out when spill %s", async (_name, spill) => {
    const result = await truncateOutput([text("a\nb")], { maxLines: 1, spill }, call);
    expect(result).toEqual([text("a\n\n[Output truncated: showing 1 of 2 lines (2 of 3 bytes).]")]);
  });

  it("should never mutate the input content", () => {
    const content = Object.freeze([Object.freeze(text("a\nb\nc"))]);
    truncateOutput(content, { maxLines: 1 }, call);
    expect(content).toEqual([text("a\nb\nc")]);
  });
});

describe("truncationNotice", () => {
  it("should say what was shown out of how much", () => {
    expect(truncationNotice(2000, 9000, 51200, 300000, undefined)).toBe(
      "[Output truncated: showing 2000 of 9000 lines (51200 of 300000 bytes).]",
    );
  });
});
