import { describe, expect, it } from "vitest";
import { getContentByteLength } from "./get-content-byte-length";

describe("getContentByteLength", () => {
  it("should give the decoded size of unpadded base64 data without decoding it", () => {
    const data = Buffer.alloc(999, 7).toString("base64");
    expect(getContentByteLength({ type: "image", data, mimeType: "image/png" })).toBe(999);
    expect(getContentByteLength({ type: "audio", data, mimeType: "audio/wav" })).toBe(999);
    expect(getContentByteLength({ type: "file", data, mimeType: "application/pdf" })).toBe(999);
    expect(getContentByteLength({ type: "resource", resource: { uri: "u", blob: data } })).toBe(
      999,
    );
  });

  it("should give the exact decoded size of padded and unpadded base64 of every length", () => {
    for (let size = 0; size <= 64; size++) {
      const padded = Buffer.alloc(size, 0xab).toString("base64");
      const unpadded = padded.replace(/=+$/, "");
      expect(getContentByteLength({ type: "image", data: padded, mimeType: "image/png" })).toBe(
        size,
      );
      expect(getContentByteLength({ type: "audio", data: unpadded, mimeType: "audio/wav" })).toBe(
        size,
      );
    }
  });

  it("should give the UTF-8 size of an embedded resource's text", () => {
    expect(getContentByteLength({ type: "resource", resource: { uri: "u", text: "aé€😀" } })).toBe(
      1 + 2 + 3 + 4,
    );
  });

  it("should give undefined for blocks that carry nothing by value", () => {
    expect(getContentByteLength({ type: "text", text: "long" })).toBeUndefined();
    expect(getContentByteLength({ type: "resource_link", uri: "u", name: "n" })).toBeUndefined();
    expect(getContentByteLength({ type: "file", url: "https://x/a.pdf" })).toBeUndefined();
  });
});
