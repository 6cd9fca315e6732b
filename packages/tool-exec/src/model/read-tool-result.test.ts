import { describe, expect, it } from "vitest";
import { readResultFields, readToolContent, readToolResult } from "./read-tool-result";

/** Why a value was refused, or `undefined` when the reader accepted it. */
function problemOf(read: unknown): string | undefined {
  return typeof read === "string" ? read : undefined;
}

function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

describe("readToolContent", () => {
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
    [
      "a revoked Proxy",
      revokedProxy(),
      "reading content threw: Cannot perform 'IsArray' on a proxy that has been revoked",
    ],
  ])("should judge %s", (_name, value, expected) => {
    expect(problemOf(readToolContent(value))).toBe(expected);
  });

  it.each<[string, unknown, string]>([
    ["a null block", null, "[invalid block 1: must be an object, got null]"],
    [
      "a text block without text",
      { type: "text" },
      "[invalid text block 1: text must be a string]",
    ],
    [
      "an image without mimeType",
      { type: "image", data: "AA" },
      "[invalid image block 1: mimeType must be a string]",
    ],
    [
      "an audio block without data",
      { type: "audio" },
      "[invalid audio block 1: data must be a string]",
    ],
    [
      "a file with both data and url",
      { type: "file", mimeType: "application/pdf", data: "AA", url: "https://x/a.pdf" },
      "[invalid file block 1: a file must have exactly one of data and url]",
    ],
    [
      "an unknown block type",
      { type: "video" },
      '[invalid block 1: type must be one of "text", "image", "audio", "file", "resource_link", "resource"]',
    ],
    [
      "a block whose getter throws",
      {
        type: "text",
        get text() {
          throw new Error("boom");
        },
      },
      "[invalid block 1: reading it threw: boom]",
    ],
  ])("should turn %s into a text naming it, and keep the blocks beside it", (_name, bad, text) => {
    const image = { type: "image", data: "AAAA", mimeType: "image/png" };
    const content = readToolContent([{ type: "text", text: "before" }, bad, image]);
    expect(content).toEqual([{ type: "text", text: "before" }, { type: "text", text }, image]);
  });

  it("should keep every block type with its annotations", () => {
    const blocks = [
      { type: "text", text: "a", annotations: { audience: ["user"], priority: 0.5 } },
      { type: "audio", data: "AAAA", mimeType: "audio/wav" },
      { type: "file", mimeType: "application/pdf", filename: "a.pdf", data: "AAAA" },
      { type: "file", url: "https://example.com/a.pdf" },
      { type: "resource_link", uri: "file:///a", name: "a", size: 3 },
      { type: "resource", resource: { uri: "file:///b", mimeType: "text/plain", text: "b" } },
      { type: "resource", resource: { uri: "file:///c", blob: "AAAA" } },
    ];
    expect(readToolContent(blocks)).toEqual(blocks);
  });

  it("should copy the parts, so a later read cannot see different values", () => {
    let reads = 0;
    const part = {
      type: "text",
      get text() {
        reads++;
        return reads === 1 ? "first" : "changed";
      },
    };
    const content = readToolContent([part]);
    expect(content).toEqual([{ type: "text", text: "first" }]);
    expect(content).toEqual([{ type: "text", text: "first" }]);
    expect(reads).toBe(1);
  });

  it("should keep only the fields of each part", () => {
    const content = readToolContent([{ type: "text", text: "a", extra: 1 }]);
    expect(content).toEqual([{ type: "text", text: "a" }]);
  });
});

describe("readToolResult", () => {
  it.each<[string, unknown, string | undefined]>([
    ["a result", { content: [] }, undefined],
    ["undefined", undefined, "expected an object with content, got undefined"],
    ["an array", [], "expected an object with content, got array"],
    ["an object without content", {}, "content must be an array, got undefined"],
    [
      "a result whose content getter throws",
      {
        get content() {
          throw new Error("boom");
        },
      },
      "reading it threw: boom",
    ],
    [
      "a revoked Proxy",
      revokedProxy(),
      "reading it threw: Cannot perform 'IsArray' on a proxy that has been revoked",
    ],
    [
      "a Proxy whose get trap throws",
      new Proxy(
        {},
        {
          get() {
            throw new TypeError("trap");
          },
        },
      ),
      "reading it threw: trap",
    ],
  ])("should judge %s", (_name, value, expected) => {
    expect(problemOf(readToolResult(value))).toBe(expected);
  });

  it("should read every field once and keep the ones that are set", () => {
    const reads: string[] = [];
    const value = new Proxy(
      {
        content: [{ type: "text", text: "x" }],
        details: { a: 1 },
        isError: false,
      } as Record<string, unknown>,
      {
        get(target, key) {
          reads.push(String(key));
          return target[key as string];
        },
      },
    );
    const result = readToolResult(value);
    expect(result).toEqual({
      content: [{ type: "text", text: "x" }],
      details: { a: 1 },
      isError: false,
    });
    expect(result).not.toHaveProperty("structuredContent");
    expect(reads.filter((key) => key === "content")).toHaveLength(1);
  });
});

describe("readResultFields", () => {
  it("should give the fields that are not undefined", () => {
    expect(readResultFields({ content: undefined, details: null, isError: true })).toEqual({
      details: null,
      isError: true,
    });
  });

  it("should say why when a getter throws", () => {
    const patch = {
      get usage() {
        throw new Error("no usage");
      },
    };
    expect(readResultFields(patch)).toBe("reading it threw: no usage");
  });
});
