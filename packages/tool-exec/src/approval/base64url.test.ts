import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeBase64url, encodeBase64url } from "./base64url";

describe("encodeBase64url and decodeBase64url", () => {
  it("should match Node's base64url and round-trip any bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
        const text = encodeBase64url(bytes);
        expect(text).toBe(Buffer.from(bytes).toString("base64url"));
        expect(decodeBase64url(text)).toEqual(bytes);
      }),
    );
  });

  it.each(["a+b", "a/b", "ab==", "abcde", "a b"])("should refuse %j", (text) => {
    expect(decodeBase64url(text)).toBeUndefined();
  });
});
