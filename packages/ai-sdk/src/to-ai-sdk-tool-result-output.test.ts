import type { Content } from "@toolwright/tool-core";
import { describe, expect, it } from "vitest";
import { toAiSdkToolResultOutput } from "./to-ai-sdk-tool-result-output";

const PNG = "iVBORw0KGgo=";
const WAV = "UklGRiQAAABXQVZF";

describe("toAiSdkToolResultOutput", () => {
  it("should map every block the AI SDK carries natively, and resources as the dialects word them", () => {
    const content: Content[] = [
      { type: "text", text: "here" },
      { type: "image", data: PNG, mimeType: "image/png" },
      { type: "audio", data: WAV, mimeType: "audio/wav" },
      { type: "file", data: "JVBERi0=", mimeType: "application/pdf", filename: "a.pdf" },
      { type: "file", url: "https://example.com/b.pdf", mimeType: "application/pdf" },
      {
        type: "resource_link",
        uri: "file:///c.txt",
        name: "c",
        title: "The C",
        mimeType: "text/plain",
        description: "About C",
      },
      { type: "resource_link", uri: "file:///d.txt", name: "d" },
      { type: "resource", resource: { uri: "file:///e.txt", text: "e body" } },
      { type: "resource", resource: { uri: "file:///f.png", blob: PNG, mimeType: "image/png" } },
    ];
    expect(toAiSdkToolResultOutput(content, false)).toEqual({
      type: "content",
      value: [
        { type: "text", text: "here" },
        { type: "file", mediaType: "image/png", data: { type: "data", data: PNG } },
        { type: "file", mediaType: "audio/wav", data: { type: "data", data: WAV } },
        {
          type: "file",
          mediaType: "application/pdf",
          data: { type: "data", data: "JVBERi0=" },
          filename: "a.pdf",
        },
        {
          type: "file",
          mediaType: "application/pdf",
          data: { type: "url", url: new URL("https://example.com/b.pdf") },
        },
        { type: "text", text: "[resource link] The C: file:///c.txt (text/plain)\nAbout C" },
        { type: "text", text: "[resource link] d: file:///d.txt" },
        { type: "text", text: "[resource file:///e.txt]\ne body" },
        { type: "file", mediaType: "image/png", data: { type: "data", data: PNG } },
      ],
    });
  });

  it("should name, never send, bytes the AI SDK cannot type, and a file URL that is not a URL", () => {
    const content: Content[] = [
      { type: "resource", resource: { uri: "file:///g.bin", blob: "AAAA" } },
      { type: "file", url: "not a url", mimeType: "application/pdf" },
    ];
    expect(toAiSdkToolResultOutput(content, false)).toEqual({
      type: "text",
      value: [
        "[resource, 3 bytes, not sent: AI SDK tool results do not carry resource]",
        "[file application/pdf, not a url, not sent: AI SDK tool results do not carry file]",
      ].join("\n"),
    });
  });

  it("should leave out blocks whose audience does not include the assistant", () => {
    const content: Content[] = [
      { type: "text", text: "for both", annotations: { audience: ["user", "assistant"] } },
      { type: "text", text: "for people", annotations: { audience: ["user"] } },
      { type: "image", data: PNG, mimeType: "image/png", annotations: { audience: ["user"] } },
    ];
    expect(toAiSdkToolResultOutput(content, false)).toEqual({ type: "text", value: "for both" });
  });

  it("should give an error result as error text, media named", () => {
    const content: Content[] = [
      { type: "text", text: "failed" },
      { type: "audio", data: WAV, mimeType: "audio/wav" },
      { type: "resource_link", uri: "file:///log", name: "log" },
    ];
    expect(toAiSdkToolResultOutput(content, true)).toEqual({
      type: "error-text",
      value:
        "failed\n[audio audio/wav, 12 bytes, not sent: AI SDK error tool results do not carry audio]\n[resource link] log: file:///log",
    });
  });

  it("should give an empty result as empty text", () => {
    expect(toAiSdkToolResultOutput([], false)).toEqual({ type: "text", value: "" });
  });
});
