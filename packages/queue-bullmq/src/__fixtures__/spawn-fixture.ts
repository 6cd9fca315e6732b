import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** A fixture process of this folder, with its stdout lines and a way to wait for one. */
export interface FixtureProcess {
  readonly child: ChildProcess;
  readonly lines: string[];
  /** Resolves with the first line (seen so far or later) that starts with `prefix`. */
  waitFor(prefix: string, timeoutMs?: number): Promise<string>;
  /** Resolves once the process exited. */
  readonly exited: Promise<number | null>;
}

/** Spawns `node <fixture> ...args` (the fixtures import the built `dist`). */
export function spawnFixture(fixture: string, args: readonly string[]): FixtureProcess {
  const path = fileURLToPath(new URL(`./${fixture}`, import.meta.url));
  const child = spawn(process.execPath, [path, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  const waiters = new Set<{ prefix: string; resolve: (line: string) => void }>();
  let buffered = "";
  let errors = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    let newline = buffered.indexOf("\n");
    while (newline !== -1) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      lines.push(line);
      for (const waiter of waiters) {
        if (line.startsWith(waiter.prefix)) {
          waiters.delete(waiter);
          waiter.resolve(line);
        }
      }
      newline = buffered.indexOf("\n");
    }
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString("utf8");
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return {
    child,
    lines,
    exited,
    waitFor(prefix, timeoutMs = 30_000) {
      const seen = lines.find((line) => line.startsWith(prefix));
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter: { prefix: string; resolve: (line: string) => void } = { prefix, resolve };
        waiters.add(waiter);
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`${fixture} printed no "${prefix}" in ${timeoutMs} ms; stderr: ${errors}`));
        }, timeoutMs);
        const clear = (line: string) => {
          clearTimeout(timer);
          resolve(line);
        };
        waiter.resolve = clear;
        void exited.then(() => {
          if (!waiters.has(waiter)) return;
          waiters.delete(waiter);
          clearTimeout(timer);
          reject(new Error(`${fixture} exited before "${prefix}"; stderr: ${errors}`));
        });
      });
    },
  };
}

/** A worker process (`tool-worker.mjs`) that is listening. */
export async function startWorkerProcess(
  redisUrl: string,
  queueName: string,
  config: Record<string, unknown>,
): Promise<FixtureProcess> {
  const worker = spawnFixture("tool-worker.mjs", [redisUrl, queueName, JSON.stringify(config)]);
  await worker.waitFor("ready ");
  return worker;
}

/** Ends a fixture process (SIGKILL unless told otherwise) and waits for it. */
export async function stopProcess(fixture: FixtureProcess, signal: NodeJS.Signals = "SIGKILL") {
  if (fixture.child.exitCode === null && fixture.child.signalCode === null) fixture.child.kill(signal);
  await fixture.exited;
}
