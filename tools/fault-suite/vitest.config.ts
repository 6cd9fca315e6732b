import { defineConfig, mergeConfig } from "vitest/config";
import shared from "../../vitest.shared.ts";

// Private PostgreSQL and Redis instances of scripts/services.sh, started for this run alone: the
// suite restarts and empties them, which would break any other suite sharing them. The scenarios
// run one after another (each restarts a service or fills a disk) and print their counts.
export default mergeConfig(
  shared,
  defineConfig({
    test: {
      globalSetup: ["./src/fault-suite-global-setup.ts"],
      fileParallelism: false,
      testTimeout: 600_000,
      hookTimeout: 120_000,
    },
  }),
);
