#!/usr/bin/env node
// The demo's entry point: wires the process to runCli.
// - Ctrl-C (or SIGTERM) aborts the run: every pending call still gets its result, the temp sandbox
//   is removed; a second one exits at once (the sandbox is still removed, by its exit listener).
// - A closed stdout (`pnpm demo | head`) is the reader saying "enough": the run is aborted, the
//   rest of the output dropped, and the process exits 0 without a stack trace.
import { runCli } from "./run-cli";

const controller = new AbortController();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort();
  });
}

let stdoutClosed = false;
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
  stdoutClosed = true;
  controller.abort();
});

const exitCode = await runCli(process.argv.slice(2), {
  stdout: {
    write: (text) => {
      if (!stdoutClosed) process.stdout.write(text);
    },
    isTTY: process.stdout.isTTY,
  },
  stderr: process.stderr,
  // Approval prompts need a person: both ends must be terminals.
  ...(process.stdin.isTTY === true && process.stderr.isTTY === true
    ? { terminal: { input: process.stdin, output: process.stderr } }
    : {}),
  env: process.env,
  cwd: process.cwd(),
  signal: controller.signal,
});
process.exitCode = stdoutClosed ? 0 : exitCode;
