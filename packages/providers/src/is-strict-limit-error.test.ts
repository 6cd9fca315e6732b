import { describe, expect, it } from "vitest";
import { isStrictLimitError } from "./is-strict-limit-error";

describe("isStrictLimitError", () => {
  it.each([
    [
      "Invalid schema for function 'search': In context=(), 'additionalProperties' is required to be supplied and to be false.",
      true,
    ],
    ["Too many strict tools: at most 20 tools may use strict mode", true],
    ["Strict tool schemas exceed the maximum of 24 optional parameters", true],
    ["Rate limit exceeded", false],
    ["Invalid API key", false],
  ])("should classify %j as %s", (message, expected) => {
    expect(isStrictLimitError(message)).toBe(expected);
  });
});
