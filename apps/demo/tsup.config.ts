import { defineConfig } from "tsup";

export default defineConfig({
  // crash-child: the process the crash scene (--crash) kills mid-batch.
  // queue-worker: a --queue worker process (startBullmqToolWorker).
  entry: {
    main: "src/main.ts",
    "crash-child": "src/journal/crash-child.ts",
    "queue-worker": "src/queue/queue-worker.ts",
  },
  format: ["esm"],
  sourcemap: true,
  clean: true,
  target: "node20",
});
