import { defineConfig } from "vitest/config";

/** The vitest setup every workspace shares: behaviour tests beside their source, type tests on. */
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // CI runs every package's tests at once on two cores: generous bounds, never timing assertions.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    typecheck: {
      enabled: true,
      include: ["src/**/*.test-d.ts"],
      tsconfig: "./tsconfig.json",
    },
  },
});
