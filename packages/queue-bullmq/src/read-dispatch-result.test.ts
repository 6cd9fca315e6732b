import { describe, expect, it } from "vitest";
import { readDispatchResult } from "./read-dispatch-result";

describe("readDispatchResult", () => {
  it.each([
    { status: "returned", value: null },
    { status: "returned", value: { content: [] }, dropped: ["details", "usage"] },
    { status: "threw", message: "boom", errorType: "tool_error" },
    { status: "interrupted", attempts: 2 },
    { status: "tool_not_found", worker: "w" },
  ])("should accept %j", (value) => {
    expect(readDispatchResult(value)).toEqual(value);
  });

  it.each([
    null,
    "returned",
    { status: "returned" },
    { status: "returned", value: 1, dropped: ["content"] },
    { status: "threw", message: "boom" },
    { status: "interrupted", attempts: "2" },
    { status: "tool_not_found" },
    { status: "running" },
  ])("should refuse %j", (value) => {
    expect(readDispatchResult(value)).toBeUndefined();
  });
});
