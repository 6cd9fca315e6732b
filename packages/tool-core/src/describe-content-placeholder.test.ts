import { describe, expect, it } from "vitest";
import { describeContentPlaceholder } from "./describe-content-placeholder";

describe("describeContentPlaceholder", () => {
  it("should name type, MIME type and decoded size, never the bytes", () => {
    const data = Buffer.alloc(3000, 1).toString("base64");
    const text = describeContentPlaceholder(
      { type: "audio", data, mimeType: "audio/wav" },
      "Anthropic",
    );
    expect(text).toBe(
      "[audio audio/wav, 3000 bytes, not sent: Anthropic tool results do not carry audio]",
    );
    expect(text).not.toContain(data.slice(0, 16));
  });

  it("should name the URL of a file by reference instead of a size", () => {
    expect(
      describeContentPlaceholder(
        { type: "file", url: "https://x/a.pdf", mimeType: "application/pdf" },
        "Chat Completions",
      ),
    ).toBe(
      "[file application/pdf, https://x/a.pdf, not sent: Chat Completions tool results do not carry file]",
    );
  });

  it("should use the resource's MIME type and leave it out when unknown", () => {
    expect(
      describeContentPlaceholder(
        { type: "resource", resource: { uri: "u", blob: "AAAA" } },
        "Gemini",
      ),
    ).toBe("[resource, 3 bytes, not sent: Gemini tool results do not carry resource]");
  });
});
