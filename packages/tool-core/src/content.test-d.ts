import { describe, expectTypeOf, it } from "vitest";
import type { Content, FileContent, ToolContent } from "./content";

describe("Content", () => {
  it("should narrow by type in a switch", () => {
    const describe = (block: Content): string => {
      switch (block.type) {
        case "text":
          return block.text;
        case "image":
        case "audio":
          return block.mimeType;
        case "file":
          return block.data === undefined ? block.url : block.mimeType;
        case "resource_link":
          return block.uri;
        case "resource":
          return block.resource.uri;
      }
    };
    expectTypeOf(describe).returns.toEqualTypeOf<string>();
  });

  it("should allow a file with exactly one of data and url", () => {
    expectTypeOf({
      type: "file",
      mimeType: "application/pdf",
      data: "AA==",
    } as const).toMatchTypeOf<FileContent>();
    expectTypeOf({ type: "file", url: "https://x" } as const).toMatchTypeOf<FileContent>();
    expectTypeOf({
      type: "file",
      mimeType: "a/b",
      data: "AA==",
      url: "https://x",
    } as const).not.toMatchTypeOf<FileContent>();
  });

  it("should keep ToolContent as the same union", () => {
    expectTypeOf<ToolContent>().toEqualTypeOf<Content>();
  });
});
