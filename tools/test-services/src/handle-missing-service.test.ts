import { describe, expect, it } from "vitest";
import { handleMissingService } from "./handle-missing-service";

describe("handleMissingService", () => {
  it("should return a skip reason when TOOLWRIGHT_REQUIRE_SERVICES is not 1", () => {
    for (const env of [
      {},
      { TOOLWRIGHT_REQUIRE_SERVICES: "0" },
      { TOOLWRIGHT_REQUIRE_SERVICES: "" },
    ]) {
      expect(handleMissingService("postgres", "not installed", env)).toBe(
        "PostgreSQL is not available (not installed); its tests are skipped. Start it with: bash scripts/services.sh start",
      );
    }
  });

  it("should throw when TOOLWRIGHT_REQUIRE_SERVICES=1, so the suite fails instead of skipping", () => {
    expect(() =>
      handleMissingService("redis", "not installed", { TOOLWRIGHT_REQUIRE_SERVICES: "1" }),
    ).toThrow(
      "Redis is not available (not installed), and TOOLWRIGHT_REQUIRE_SERVICES=1 requires it",
    );
  });
});
