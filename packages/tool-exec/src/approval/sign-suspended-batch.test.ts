import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signSuspendedBatch, verifySuspendedBatch } from "./sign-suspended-batch";
import { toCanonicalJson } from "./to-canonical-json";

const state = {
  type: "toolwright.suspended-batch",
  version: 1,
  batchId: "batch-1",
  revision: 0,
  mode: "parallel",
  createdAt: "2026-12-01T14:00:00.000Z",
  calls: [
    {
      toolCall: { type: "toolCall", id: "c1", name: "send", arguments: { to: "ü" } },
      status: "deferred",
    },
  ],
};

describe("signSuspendedBatch", () => {
  it("should be HMAC-SHA256 over the canonical JSON without the signature, in base64url", async () => {
    const expected = createHmac("sha256", "secret")
      .update(toCanonicalJson(state))
      .digest("base64url");
    expect(await signSuspendedBatch(state, "secret")).toBe(expected);
    expect(await signSuspendedBatch({ ...state, signature: "old" }, "secret")).toBe(expected);
    const bytes = new TextEncoder().encode("secret");
    expect(await signSuspendedBatch(state, bytes)).toBe(expected);
  });
});

describe("verifySuspendedBatch", () => {
  it("should verify its own signature, also after a JSON round trip with keys in another order", async () => {
    const signed = { ...state, signature: await signSuspendedBatch(state, "secret") };
    expect(await verifySuspendedBatch(signed, "secret")).toBe(true);
    expect(await verifySuspendedBatch(JSON.parse(JSON.stringify(signed)), "secret")).toBe(true);
    const { calls, type, ...rest } = signed;
    expect(await verifySuspendedBatch({ calls, ...rest, type }, "secret")).toBe(true);
  });

  it("should refuse a wrong secret, an absent or malformed signature", async () => {
    const signature = await signSuspendedBatch(state, "secret");
    expect(await verifySuspendedBatch({ ...state, signature }, "other")).toBe(false);
    expect(await verifySuspendedBatch(state, "secret")).toBe(false);
    expect(await verifySuspendedBatch({ ...state, signature: 42 }, "secret")).toBe(false);
    expect(await verifySuspendedBatch({ ...state, signature: `${signature}A` }, "secret")).toBe(
      false,
    );
    expect(await verifySuspendedBatch({ ...state, signature: "!!" }, "secret")).toBe(false);
  });

  it("should refuse the state when any single byte of its JSON changed", async () => {
    const signed = { ...state, signature: await signSuspendedBatch(state, "secret") };
    const text = JSON.stringify(signed);
    const signatureStart = text.indexOf('"signature"');
    let tampered = 0;
    for (let index = 0; index < text.length; index++) {
      if (index >= signatureStart && index < text.length - 1) continue;
      for (const replacement of ["x", "1"]) {
        if (text[index] === replacement) continue;
        const changed = text.slice(0, index) + replacement + text.slice(index + 1);
        let parsed: unknown;
        try {
          parsed = JSON.parse(changed);
        } catch {
          continue;
        }
        tampered++;
        expect(await verifySuspendedBatch(parsed as typeof signed, "secret")).toBe(false);
      }
    }
    expect(tampered).toBeGreaterThan(50);
  });
});
