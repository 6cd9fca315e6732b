import { describe, expect, it } from "vitest";
import { backoffDelay } from "./backoff";

describe("backoffDelay", () => {
  const policy = { initialDelayMs: 100, maxDelayMs: 1000, maxAttempts: 5 };

  it("should double per attempt up to the cap, jittered into the upper half", () => {
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(policy, attempt, () => 1))).toEqual([
      100, 200, 400, 800, 1000,
    ]);
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(policy, attempt, () => 0))).toEqual([
      50, 100, 200, 400, 500,
    ]);
  });
});
