#!/usr/bin/env node
// The demo's entry point: wires the process to runCli. Ctrl-C aborts the run (every pending
// call still gets its result); a second Ctrl-C exits at once.
import { runCli } from "./run-cli";

const controller = new AbortController();
process.on("SIGINT", () => {
  if (controller.signal.aborted) process.exit(130);
  controller.abort();
});

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  signal: controller.signal,
});
