import { describe, expect, it } from "vitest";
import { ToolBatchError } from "../model/tool-batch-error";
import { resolveBatchId } from "./resolve-batch-id";

describe("resolveBatchId", () => {
  it("should keep a valid id and make a UUID when absent", () => {
    expect(resolveBatchId("turn-12.a_B")).toBe("turn-12.a_B");
    expect(resolveBatchId("x".repeat(128))).toBe("x".repeat(128));
    const made = resolveBatchId(undefined);
    expect(made).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(resolveBatchId(undefined)).not.toBe(made);
  });

  it.each(["", "a:b", "a/b", "x".repeat(129), "é", 42, null])(
    "should reject %j with INVALID_ARGUMENT",
    (batchId) => {
      let thrown: unknown;
      try {
        resolveBatchId(batchId);
      } catch (error) {
        thrown = error;
      }
      expect(ToolBatchError.isInstance(thrown) && thrown.code).toBe("INVALID_ARGUMENT");
    },
  );
});
