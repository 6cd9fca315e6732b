import { describe, expect, it } from "vitest";
import {
  CONTENT_TYPES,
  describeInvalidContentBlock,
  isContentType,
  isInvalidContentBlock,
  readContentBlock,
} from "./read-content-block";

describe("readContentBlock", () => {
  it.each([
    ["text", { type: "text", text: "hi" }],
    ["image", { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" }],
    ["audio", { type: "audio", data: "UklGRg==", mimeType: "audio/wav" }],
    [
      "file by data",
      { type: "file", mimeType: "application/pdf", filename: "a.pdf", data: "JVBERi0=" },
    ],
    [
      "file by url",
      { type: "file", url: "https://example.com/a.pdf", mimeType: "application/pdf" },
    ],
    ["file by url, nothing else", { type: "file", url: "https://example.com/a" }],
    [
      "resource link",
      {
        type: "resource_link",
        uri: "file:///a.txt",
        name: "a.txt",
        title: "A",
        description: "the a file",
        mimeType: "text/plain",
        size: 12,
      },
    ],
    [
      "text resource",
      { type: "resource", resource: { uri: "file:///a.txt", mimeType: "text/plain", text: "a" } },
    ],
    ["blob resource", { type: "resource", resource: { uri: "file:///a.bin", blob: "AAE=" } }],
    [
      "annotated text",
      {
        type: "text",
        text: "x",
        annotations: { audience: ["user"], priority: 0.5, lastModified: "2026-01-01T00:00:00Z" },
      },
    ],
  ])("should copy a valid %s block as it is", (_name, block) => {
    const read = readContentBlock(block);
    expect(read).toEqual(block);
    expect(read).not.toBe(block);
    expect(isInvalidContentBlock(read)).toBe(false);
  });

  it("should copy nested objects so later changes to the input do not reach the copy", () => {
    const block = {
      type: "resource",
      resource: { uri: "u", text: "t" },
      annotations: { audience: ["user"] },
    };
    const read = readContentBlock(block);
    block.resource.text = "changed";
    block.annotations.audience.push("assistant");
    expect(read).toEqual({
      type: "resource",
      resource: { uri: "u", text: "t" },
      annotations: { audience: ["user"] },
    });
  });

  it("should leave out fields a block does not have", () => {
    expect(readContentBlock({ type: "text", text: "a", _meta: { x: 1 }, extra: true })).toEqual({
      type: "text",
      text: "a",
    });
    expect(
      readContentBlock({ type: "text", text: "a", annotations: { audience: ["user"], other: 1 } }),
    ).toEqual({
      type: "text",
      text: "a",
      annotations: { audience: ["user"] },
    });
  });

  it.each([
    [null, undefined, "must be an object, got null"],
    ["text", undefined, "must be an object, got string"],
    [[], undefined, "must be an object, got array"],
    [
      { type: "video" },
      undefined,
      'type must be one of "text", "image", "audio", "file", "resource_link", "resource"',
    ],
    [
      { text: "no type" },
      undefined,
      'type must be one of "text", "image", "audio", "file", "resource_link", "resource"',
    ],
    [{ type: "text", text: 1 }, "text", "text must be a string"],
    [{ type: "image", mimeType: "image/png" }, "image", "data must be a string"],
    [{ type: "audio", data: "AA==" }, "audio", "mimeType must be a string"],
    [
      { type: "file", mimeType: "application/pdf" },
      "file",
      "a file must have exactly one of data and url",
    ],
    [
      { type: "file", data: "AA==", url: "https://x", mimeType: "a/b" },
      "file",
      "a file must have exactly one of data and url",
    ],
    [{ type: "file", data: "AA==" }, "file", "mimeType must be a string"],
    [{ type: "file", url: 5 }, "file", "url must be a string"],
    [{ type: "file", url: "https://x", filename: 3 }, "file", "filename must be a string"],
    [{ type: "resource_link", name: "n" }, "resource_link", "uri must be a string"],
    [{ type: "resource_link", uri: "u" }, "resource_link", "name must be a string"],
    [
      { type: "resource_link", uri: "u", name: "n", size: -1 },
      "resource_link",
      "size must be a number >= 0",
    ],
    [
      { type: "resource_link", uri: "u", name: "n", title: 1 },
      "resource_link",
      "title must be a string",
    ],
    [{ type: "resource" }, "resource", "resource must be an object, got undefined"],
    [{ type: "resource", resource: { text: "t" } }, "resource", "resource.uri must be a string"],
    [
      { type: "resource", resource: { uri: "u" } },
      "resource",
      "resource must have exactly one of text and blob",
    ],
    [
      { type: "resource", resource: { uri: "u", text: "t", blob: "AA==" } },
      "resource",
      "resource must have exactly one of text and blob",
    ],
    [
      { type: "resource", resource: { uri: "u", blob: 1 } },
      "resource",
      "resource.blob must be a string",
    ],
    [
      { type: "text", text: "a", annotations: [] },
      "text",
      "annotations must be an object, got array",
    ],
    [
      { type: "text", text: "a", annotations: { audience: ["model"] } },
      "text",
      'annotations.audience must be an array of "user" and "assistant"',
    ],
    [
      { type: "text", text: "a", annotations: { priority: 2 } },
      "text",
      "annotations.priority must be a number from 0 to 1",
    ],
    [
      { type: "text", text: "a", annotations: { priority: Number.NaN } },
      "text",
      "annotations.priority must be a number from 0 to 1",
    ],
  ])("should refuse %j, naming the field", (value, type, reason) => {
    const read = readContentBlock(value);
    expect(isInvalidContentBlock(read)).toBe(true);
    expect(read).toEqual({ type, reason });
  });
});

describe("describeInvalidContentBlock", () => {
  it("should name the type and the index when the type is known", () => {
    expect(describeInvalidContentBlock({ type: "audio", reason: "data must be a string" }, 2)).toBe(
      "[invalid audio block 2: data must be a string]",
    );
  });

  it("should say only block when the type is not one of the content types", () => {
    expect(
      describeInvalidContentBlock({ type: undefined, reason: "must be an object, got null" }, 0),
    ).toBe("[invalid block 0: must be an object, got null]");
  });
});

describe("isContentType", () => {
  it("should accept exactly the content types", () => {
    for (const type of CONTENT_TYPES) expect(isContentType(type)).toBe(true);
    for (const value of ["video", "Text", "", 1, null, undefined])
      expect(isContentType(value)).toBe(false);
  });
});
