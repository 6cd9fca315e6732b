import { defineConfig, mergeConfig } from "vitest/config";
import shared from "../../vitest.shared.ts";

// The real PostgreSQL of scripts/services.sh for the --pg tests, and Debian's Chromium (found by
// scripts/chromium.sh) for the browser tests, each found once for the run.
export default mergeConfig(
  shared,
  defineConfig({
    test: { globalSetup: ["./src/test-support/console-global-setup.ts"] },
  }),
);
