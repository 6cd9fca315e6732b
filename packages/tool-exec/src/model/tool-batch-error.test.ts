import { describe, expect, it, vi } from "vitest";

async function importFreshCopy() {
  vi.resetModules();
  return await import("./tool-batch-error");
}

describe("ToolBatchError", () => {
  it("should carry its code, name, message and cause", async () => {
    const { ToolBatchError } = await importFreshCopy();
    const cause = new Error("root");
    const error = new ToolBatchError("INVALID_STATE", "not a state", { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe("INVALID_STATE");
    expect(error.name).toBe("ToolBatchError");
    expect(error.message).toBe("not a state");
    expect(error.cause).toBe(cause);
    expect(new ToolBatchError("INVALID_STATE", "x")).not.toHaveProperty("cause");
  });

  it("should be recognised by isInstance across duplicate copies of the package", async () => {
    const copyA = await importFreshCopy();
    const copyB = await importFreshCopy();
    expect(copyA.ToolBatchError).not.toBe(copyB.ToolBatchError);
    const error = new copyA.ToolBatchError("STALE_STATE", "x");
    expect(error instanceof copyB.ToolBatchError).toBe(false);
    expect(copyB.ToolBatchError.isInstance(error)).toBe(true);
    expect(copyB.ToolBatchError.isInstance(new Error("x"))).toBe(false);
    expect(copyB.ToolBatchError.isInstance(undefined)).toBe(false);
    expect(copyB.ToolBatchError.isInstance("ToolBatchError")).toBe(false);
  });
});
