import { describe, expect, it } from "vitest";
import { formatIssuePath } from "./format-issue-path";

describe("formatIssuePath", () => {
  it.each([
    ["", "root"],
    ["/name", "name"],
    ["/edits/0/oldText", "edits.0.oldText"],
    ["/a~1b/c~0d", "a/b.c~d"],
    ["/~01", "~1"],
    ["/", ""],
  ])("should turn %j into %j", (pointer, expected) => {
    expect(formatIssuePath(pointer)).toBe(expected);
  });
});
