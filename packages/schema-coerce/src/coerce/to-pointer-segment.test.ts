import { describe, expect, it } from "vitest";
import { toPointerSegment } from "./to-pointer-segment";

describe("toPointerSegment", () => {
  it("should give array indices as they are, below and above the prebuilt ones", () => {
    expect([0, 1, 63, 64, 1000].map(toPointerSegment)).toStrictEqual([
      "/0",
      "/1",
      "/63",
      "/64",
      "/1000",
    ]);
  });

  it("should escape ~ and / in keys", () => {
    expect(["plain", "a/b", "c~d", "~/"].map(toPointerSegment)).toStrictEqual([
      "/plain",
      "/a~1b",
      "/c~0d",
      "/~0~1",
    ]);
  });
});
