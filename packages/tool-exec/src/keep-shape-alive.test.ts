import { describe, expect, it } from "vitest";
import { keepShapeAlive } from "./keep-shape-alive";

describe("keepShapeAlive", () => {
  it("should allocate past V8's slack tracking before keeping an instance", () => {
    let created = 0;
    keepShapeAlive(() => {
      created++;
      return { created };
    });
    expect(created).toBeGreaterThan(7);
  });
});
