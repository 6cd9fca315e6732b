import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { jobIdForKey } from "./job-id-for-key";

describe("jobIdForKey", () => {
  it("should be tw- and the first 32 characters of the key's base64url SHA-256", () => {
    const key = "batch-1:call:7/ü";
    const digest = createHash("sha256").update(key, "utf8").digest("base64url");
    expect(jobIdForKey(key)).toBe(`tw-${digest.slice(0, 32)}`);
  });

  it("should give 35 characters without ':' for any key, the same for the same key", () => {
    for (const key of ["", ":", "a:b:c", "x".repeat(10_000), "\u0000\ud83d\ude00"]) {
      const id = jobIdForKey(key);
      expect(id).toMatch(/^tw-[A-Za-z0-9_-]{32}$/);
      expect(jobIdForKey(key)).toBe(id);
    }
    expect(jobIdForKey("b:c1")).not.toBe(jobIdForKey("b:c2"));
  });
});
