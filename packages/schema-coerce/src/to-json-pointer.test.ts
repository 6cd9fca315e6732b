import { describe, expect, it } from "vitest";
import { compile } from "./compile";
import { formatIssuePath } from "./format-issue-path";
import { toJsonPointer } from "./to-json-pointer";

describe("toJsonPointer", () => {
  it.each([
    [[], ""],
    [["edits", 0, "oldText"], "/edits/0/oldText"],
    [["a/b", "c~d", ""], "/a~1b/c~0d/"],
    [["~1"], "/~01"],
    [[100], "/100"],
  ] as const)("should write %j as %j", (segments, pointer) => {
    expect(toJsonPointer(segments)).toBe(pointer);
  });

  it("should match the paths issues carry, and read back through formatIssuePath", () => {
    const schema = {
      type: "object",
      properties: { "a/b": { type: "array", items: { type: "integer" } } },
    };
    const [issue] = compile(schema).errors({ "a/b": [1, "x"] });
    expect(issue?.path).toBe(toJsonPointer(["a/b", 1]));
    expect(formatIssuePath(toJsonPointer(["a/b", 1]))).toBe("a/b.1");
  });
});
