import { describe, expect, it } from "vitest";
import { mapMcpContent } from "./map-mcp-content";
import type { McpContentBlock } from "./mcp-client-like";

const png = "iVBORw0KGgo=";
const blob = "AAECAwQFBgcICQ==";

describe("mapMcpContent", () => {
  it.each([
    ["text", { type: "text", text: "hi" }],
    ["image", { type: "image", data: png, mimeType: "image/png" }],
    ["audio", { type: "audio", data: "UklGRg==", mimeType: "audio/wav" }],
    [
      "resource_link with every optional field",
      {
        type: "resource_link",
        uri: "file:///a.txt",
        name: "a",
        title: "A file",
        description: "The A",
        mimeType: "text/plain",
        size: 12,
      },
    ],
    ["resource_link, bare", { type: "resource_link", uri: "file:///b", name: "b" }],
    [
      "text resource",
      {
        type: "resource",
        resource: { uri: "file:///c.md", mimeType: "text/markdown", text: "# C" },
      },
    ],
    [
      "image blob resource",
      { type: "resource", resource: { uri: "file:///d.png", mimeType: "image/png", blob: png } },
    ],
    [
      "blob resource without a mime type",
      { type: "resource", resource: { uri: "file:///f", blob } },
    ],
    [
      "a block with every annotation",
      {
        type: "audio",
        data: "UklGRg==",
        mimeType: "audio/mpeg",
        annotations: { audience: ["user"], priority: 0.5, lastModified: "2026-01-01T00:00:00Z" },
      },
    ],
  ])("should map %s one to one", (_name, block) => {
    expect(mapMcpContent([block as McpContentBlock])).toEqual({ content: [block], omitted: [] });
  });

  it("should leave out fields outside the content model, such as _meta and icons", () => {
    const block = {
      type: "resource_link",
      uri: "file:///a",
      name: "a",
      icons: [{ src: "https://x/i.png" }],
      _meta: { trace: 1 },
    };
    expect(mapMcpContent([block as McpContentBlock]).content).toEqual([
      { type: "resource_link", uri: "file:///a", name: "a" },
    ]);
  });

  it.each([
    ["an unknown type", { type: "hologram", depth: 3 }],
    ["a text block without text", { type: "text", text: 5 }],
    ["an audio block without a MIME type", { type: "audio", data: "AAAA" }],
    [
      "a resource with both text and blob",
      { type: "resource", resource: { uri: "u", text: "t", blob } },
    ],
    ["Toolwright's own file type, which MCP does not have", { type: "file", url: "https://x/a" }],
  ])("should turn %s into a text block with its JSON", (_name, block) => {
    expect(mapMcpContent([block as McpContentBlock]).content).toEqual([
      { type: "text", text: JSON.stringify(block) },
    ]);
  });

  it("should keep blocks meant only for the user by default, and leave them out with respectAudience", () => {
    const blocks = [
      { type: "text", text: "for both", annotations: { audience: ["user", "assistant"] } },
      { type: "text", text: "for the user", annotations: { audience: ["user"] } },
      { type: "text", text: "no audience", annotations: { priority: 1 } },
    ] as McpContentBlock[];
    expect(mapMcpContent(blocks)).toEqual({ content: blocks, omitted: [] });
    const respected = mapMcpContent(blocks, { respectAudience: true });
    expect(respected.content).toEqual([blocks[0], blocks[2]]);
    expect(respected.omitted).toEqual([blocks[1]]);
  });

  it("should let mapContent override single blocks and fall back on undefined", () => {
    const blocks = [
      { type: "text", text: "keep" },
      { type: "audio", data: "AAAA", mimeType: "audio/ogg" },
    ] as McpContentBlock[];
    const mapped = mapMcpContent(blocks, {
      mapContent: (block) =>
        block.type === "audio" ? [{ type: "text", text: "(a sound)" }] : undefined,
    });
    expect(mapped.content).toEqual([
      { type: "text", text: "keep" },
      { type: "text", text: "(a sound)" },
    ]);
  });

  it("should copy blocks, so changing the server's result later changes nothing", () => {
    const block = { type: "image", data: png, mimeType: "image/png", annotations: { priority: 1 } };
    const [mapped] = mapMcpContent([block as McpContentBlock]).content;
    block.annotations.priority = 0;
    expect(mapped).toEqual({
      type: "image",
      data: png,
      mimeType: "image/png",
      annotations: { priority: 1 },
    });
  });

  it("should give nothing for a content that is not an array, and survive odd blocks", () => {
    expect(mapMcpContent(undefined)).toEqual({ content: [], omitted: [] });
    expect(mapMcpContent("nope" as never)).toEqual({ content: [], omitted: [] });
    expect(mapMcpContent([null, 7] as never).content).toEqual([
      { type: "text", text: "null" },
      { type: "text", text: "7" },
    ]);
  });
});
