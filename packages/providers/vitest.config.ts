import { fileURLToPath } from "node:url";
import { defineConfig, mergeConfig } from "vitest/config";
import shared from "../../vitest.shared.ts";

// The README's examples import the package by name; tests run them against the source.
export default mergeConfig(
  shared,
  defineConfig({
    resolve: {
      alias: { "@toolwright/providers": fileURLToPath(new URL("./src/index.ts", import.meta.url)) },
    },
  }),
);
