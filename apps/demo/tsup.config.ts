import { defineConfig } from "tsup";

export default defineConfig({
  // crash-child: the process the crash scene (--crash) kills mid-batch.
  entry: { main: "src/main.ts", "crash-child": "src/journal/crash-child.ts" },
  format: ["esm"],
  sourcemap: true,
  clean: true,
  target: "node20",
});
