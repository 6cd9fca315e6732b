import { describe, expect, it } from "vitest";
import { mapMcpContent } from "./map-mcp-content";
import type { McpContentBlock } from "./mcp-client-like";

const png = "iVBORw0KGgo=";
const blob = "AAECAwQFBgcICQ==";

describe("mapMcpContent", () => {
  it.each([
    ["text", { type: "text", text: "hi" }, { type: "text", text: "hi" }],
    [
      "image",
      { type: "image", data: png, mimeType: "image/png" },
      { type: "image", data: png, mimeType: "image/png" },
    ],
    [
      "audio",
      { type: "audio", data: "AAAA", mimeType: "audio/wav" },
      { type: "text", text: "[audio audio/wav, 3 bytes, not shown]" },
    ],
    [
      "resource_link with title, mime type and description",
      {
        type: "resource_link",
        uri: "file:///a.txt",
        name: "a",
        title: "A file",
        mimeType: "text/plain",
        description: "The A",
      },
      { type: "text", text: "[resource link] A file: file:///a.txt (text/plain)\nThe A" },
    ],
    [
      "resource_link, bare",
      { type: "resource_link", uri: "file:///b", name: "b" },
      { type: "text", text: "[resource link] b: file:///b" },
    ],
    [
      "text resource",
      { type: "resource", resource: { uri: "file:///c.md", text: "# C" } },
      { type: "text", text: "[resource file:///c.md]\n# C" },
    ],
    [
      "image blob resource",
      { type: "resource", resource: { uri: "file:///d.png", mimeType: "image/png", blob: png } },
      { type: "image", data: png, mimeType: "image/png" },
    ],
    [
      "binary blob resource",
      { type: "resource", resource: { uri: "file:///e.bin", mimeType: "application/zip", blob } },
      { type: "text", text: "[resource file:///e.bin: application/zip, 12 bytes, not shown]" },
    ],
    [
      "blob resource without a mime type",
      { type: "resource", resource: { uri: "file:///f", blob } },
      { type: "text", text: "[resource file:///f: binary, 12 bytes, not shown]" },
    ],
    [
      "unknown type",
      { type: "hologram", depth: 3 },
      { type: "text", text: '{"type":"hologram","depth":3}' },
    ],
    [
      "a malformed text block",
      { type: "text", text: 5 },
      { type: "text", text: '{"type":"text","text":5}' },
    ],
  ])("should map %s", (_name, block, expected) => {
    expect(mapMcpContent([block as McpContentBlock])).toEqual({ content: [expected], omitted: [] });
  });

  it("should leave out blocks meant only for the user, unless respectAudience is false", () => {
    const blocks = [
      { type: "text", text: "for both", annotations: { audience: ["user", "assistant"] } },
      { type: "text", text: "for the user", annotations: { audience: ["user"] } },
      { type: "text", text: "no audience", annotations: { priority: 1 } },
    ] as McpContentBlock[];
    const respected = mapMcpContent(blocks);
    expect(respected.content).toEqual([
      { type: "text", text: "for both" },
      { type: "text", text: "no audience" },
    ]);
    expect(respected.omitted).toEqual([blocks[1]]);
    expect(mapMcpContent(blocks, { respectAudience: false }).content).toHaveLength(3);
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

  it("should never put base64 bytes of audio or binary blobs into the model's content", () => {
    const data = "QUJD".repeat(1000);
    const mapped = mapMcpContent([
      { type: "audio", data, mimeType: "audio/mpeg" },
      { type: "resource", resource: { uri: "x:y", blob: data, mimeType: "application/pdf" } },
    ] as McpContentBlock[]);
    expect(JSON.stringify(mapped.content)).not.toContain("QUJD");
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
