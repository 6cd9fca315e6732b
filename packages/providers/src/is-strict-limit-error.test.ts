import { describe, expect, it } from "vitest";
import { isStrictLimitError } from "./is-strict-limit-error";

describe("isStrictLimitError", () => {
  it.each([
    // Each text as a provider sent it (the README names where each was seen).
    [
      "Invalid schema for function 'search': In context=(), 'additionalProperties' is required to be supplied and to be false.",
      true,
    ],
    [
      "Schemas contains too many parameters with union types (17 parameters with type arrays or anyOf). Reduce the number of union-typed parameters to 16 or fewer.",
      true,
    ],
    [
      "Schemas contains too many optional parameters (87), which would make grammar compilation inefficient. Reduce the number of optional parameters in your tool schemas (limit: 24).",
      true,
    ],
    [
      '400 {"type":"error","error":{"type":"invalid_request_error","message":"The compiled grammar is too large, which would cause performance issues. Simplify your tool schemas or reduce the number of strict tools."}}',
      true,
    ],
    [
      "Schema is too complex for compilation. Try reducing the number of tools or simplifying tool schemas.",
      true,
    ],
    ["Too many strict tools", true],
    ["Rate limit exceeded", false],
    ["Invalid API key", false],
    ["Output blocked by content filtering policy", false],
    ["max_tokens: 200000 > 64000, which is the maximum allowed number of output tokens", false],
  ])("should classify %j as %s", (message, expected) => {
    expect(isStrictLimitError(message)).toBe(expected);
  });

  it("should answer false for what is not a string", () => {
    expect(isStrictLimitError(undefined as never)).toBe(false);
    expect(isStrictLimitError({ message: "Too many strict tools" } as never)).toBe(false);
  });
});
