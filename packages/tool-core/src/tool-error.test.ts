import { describe, expect, it, vi } from "vitest";

async function importFreshCopy() {
  vi.resetModules();
  return { ...(await import("./tool-error")), ...(await import("./tool-arguments-error")) };
}

describe("ToolError", () => {
  it("should carry its code, name and cause", async () => {
    const { ToolError } = await importFreshCopy();
    const cause = new Error("root");
    const error = new ToolError("INVALID_TOOL", "bad tool", { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe("INVALID_TOOL");
    expect(error.name).toBe("ToolError");
    expect(error.cause).toBe(cause);
  });

  it("should be recognised by isInstance across duplicate copies of the package", async () => {
    const copyA = await importFreshCopy();
    const copyB = await importFreshCopy();
    expect(copyA.ToolError).not.toBe(copyB.ToolError);
    const error = new copyA.ToolError("SEAM_NOT_PROVIDED", "x");
    expect(error instanceof copyB.ToolError).toBe(false);
    expect(copyB.ToolError.isInstance(error)).toBe(true);
    expect(copyB.ToolError.isInstance(new Error("x"))).toBe(false);
    expect(copyB.ToolError.isInstance(null)).toBe(false);
  });
});

describe("ToolArgumentsError", () => {
  it("should be a ToolError with code INVALID_ARGUMENTS, issues and changes", async () => {
    const copyA = await importFreshCopy();
    const copyB = await importFreshCopy();
    const issues = [{ path: "/n", keyword: "type", message: "expected number, got string" }];
    const error = new copyA.ToolArgumentsError("bad", { issues });
    expect(error.code).toBe("INVALID_ARGUMENTS");
    expect(error.issues).toEqual(issues);
    expect(error.changes).toEqual([]);
    expect(copyB.ToolArgumentsError.isInstance(error)).toBe(true);
    expect(copyB.ToolError.isInstance(error)).toBe(true);
    expect(copyB.ToolArgumentsError.isInstance(new copyB.ToolError("INVALID_TOOL", "x"))).toBe(
      false,
    );
  });
});
