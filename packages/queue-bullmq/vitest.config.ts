import { defineConfig, mergeConfig } from "vitest/config";
import shared from "../../vitest.shared.ts";

// The real Redis and PostgreSQL of scripts/services.sh, found or started once for the run (SPEC §13).
export default mergeConfig(
  shared,
  defineConfig({ test: { globalSetup: ["./src/services-global-setup.ts"] } }),
);
