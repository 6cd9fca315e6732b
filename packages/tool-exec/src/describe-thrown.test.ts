import { describe, expect, it } from "vitest";
import { describeThrown } from "./describe-thrown";

describe("describeThrown", () => {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  const hostile = {
    get message(): string {
      throw new Error("getter");
    },
  };

  it.each<[string, unknown, string]>([
    ["an Error", new Error("boom"), "boom"],
    ["an Error without message", new TypeError(""), "TypeError"],
    ["a string", "plain", "plain"],
    ["an empty string", "", "Error (empty message)"],
    ["a number", 42, "42"],
    ["a symbol", Symbol("s"), "Symbol(s)"],
    ["undefined", undefined, "undefined"],
    ["null", null, "null"],
    ["an object with message", { message: "m" }, "m"],
    ["a plain object", { code: 1 }, '{"code":1}'],
    ["an empty object", {}, "[object Object]"],
    ["a cyclic object", cyclic, "Error (the thrown value could not be described)"],
    [
      "an object with a throwing getter",
      hostile,
      "Error (the thrown value could not be described)",
    ],
  ])("should describe %s", (_name, thrown, expected) => {
    expect(describeThrown(thrown)).toBe(expected);
  });
});
