import type { Content } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { toAgentsToolOutput } from "./to-agents-tool-output";

const PNG = "iVBORw0KGgo=";

describe("toAgentsToolOutput", () => {
  it("should give text-only content as one string", () => {
    expect(
      toAgentsToolOutput(
        [
          { type: "text", text: "a" },
          { type: "text", text: "b" },
        ],
        false,
      ),
    ).toBe("a\nb");
  });

  it("should map media to the SDK's image and file parts, and name what function outputs cannot carry", () => {
    const content: Content[] = [
      { type: "text", text: "here" },
      { type: "image", data: PNG, mimeType: "image/png" },
      { type: "audio", data: "UklGRiQAAABXQVZF", mimeType: "audio/wav" },
      { type: "file", data: "JVBERi0=", mimeType: "application/pdf", filename: "a.pdf" },
      { type: "file", url: "https://example.com/b.pdf" },
      { type: "resource_link", uri: "file:///c.txt", name: "c" },
      { type: "resource", resource: { uri: "file:///d.txt", text: "d body" } },
      {
        type: "resource",
        resource: { uri: "file:///dir/e.png", blob: PNG, mimeType: "image/png" },
      },
      {
        type: "resource",
        resource: { uri: "file:///dir/f.pdf", blob: "JVBERi0=", mimeType: "application/pdf" },
      },
      { type: "text", text: "for people", annotations: { audience: ["user"] } },
    ];
    expect(toAgentsToolOutput(content, false)).toEqual([
      { type: "text", text: "here" },
      { type: "image", image: { data: PNG, mediaType: "image/png" } },
      {
        type: "text",
        text: "[audio audio/wav, 12 bytes, not sent: Agents SDK tool results do not carry audio]",
      },
      { type: "file", file: { data: "JVBERi0=", mediaType: "application/pdf", filename: "a.pdf" } },
      { type: "file", file: { url: "https://example.com/b.pdf" } },
      { type: "text", text: "[resource link] c: file:///c.txt" },
      { type: "text", text: "[resource file:///d.txt]\nd body" },
      { type: "image", image: { data: PNG, mediaType: "image/png" } },
      { type: "file", file: { data: "JVBERi0=", mediaType: "application/pdf", filename: "f.pdf" } },
    ]);
  });

  it("should give an error result as its text, media named", () => {
    expect(
      toAgentsToolOutput(
        [
          { type: "text", text: "failed" },
          { type: "image", data: PNG, mimeType: "image/png" },
        ],
        true,
      ),
    ).toBe(
      "failed\n[image image/png, 8 bytes, not sent: Agents SDK error tool results do not carry image]",
    );
  });
});
