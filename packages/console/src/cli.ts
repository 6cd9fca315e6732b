#!/usr/bin/env node
// `toolwright-console`: see run-console-cli.ts.
import { runConsoleCli } from "./run-console-cli";

const controller = new AbortController();
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => controller.abort());
process.exitCode = await runConsoleCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  signal: controller.signal,
});
