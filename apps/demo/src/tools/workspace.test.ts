import { describe, expect, it } from "vitest";
import { createWorkspace, resolveInside } from "./workspace";

describe("createWorkspace", () => {
  const workspace = createWorkspace("/tmp/box");

  it.each([
    [".", "/tmp/box"],
    ["notes.txt", "/tmp/box/notes.txt"],
    ["data/../notes.txt", "/tmp/box/notes.txt"],
    ["/tmp/box/data", "/tmp/box/data"],
    ["..", undefined],
    ["../box2/x", undefined],
    ["/etc/passwd", undefined],
    ["..foo", "/tmp/box/..foo"],
  ])("should resolve %j to %j", (path, expected) => {
    expect(workspace.resolve(path)).toBe(expected);
  });
});

describe("resolveInside", () => {
  it("should throw a message the model can act on for a path outside the sandbox", () => {
    expect(() => resolveInside(createWorkspace("/tmp/box"), "../x")).toThrow(
      'Path "../x" is outside the sandbox',
    );
  });
});
