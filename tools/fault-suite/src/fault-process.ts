import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** A fixture process of the suite: its stdout lines, JSON events, stderr, and how it ended. */
export interface FaultProcess {
  readonly child: ChildProcess;
  readonly lines: string[];
  readonly events: Record<string, unknown>[];
  readonly stderr: () => string;
  /** Resolves with the first line (seen so far or later) that starts with `prefix`. */
  waitFor(prefix: string, timeoutMs?: number): Promise<string>;
  /** Calls `listener` for every line from now on. */
  onLine(listener: (line: string) => void): void;
  /** How the process ended; `timedOut` when the suite had to kill it (a hang). */
  readonly ended: Promise<{ code: number | null; signal: string | null; timedOut: boolean }>;
}

/**
 * Spawns `node src/fixtures/<fixture> <config JSON>`, or the given command line wrapping it (the
 * disk scenario runs it in a mount namespace of its own), killing it with SIGKILL after
 * `limitMs`: every wait of the suite is bounded, and a process still running then is a hang.
 */
export function spawnFaultProcess(
  fixture: string,
  config: unknown,
  limitMs: number,
  wrap: (node: string[]) => string[] = (node) => node,
): FaultProcess {
  const path = fileURLToPath(new URL(`./fixtures/${fixture}`, import.meta.url));
  const [command, ...args] = wrap([process.execPath, path, JSON.stringify(config)]);
  const child = spawn(command as string, args, { stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  const events: Record<string, unknown>[] = [];
  const listeners = new Set<(line: string) => void>();
  let buffered = "";
  let errors = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    for (let newline = buffered.indexOf("\n"); newline !== -1; newline = buffered.indexOf("\n")) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      lines.push(line);
      if (line.startsWith("{")) events.push(JSON.parse(line) as Record<string, unknown>);
      for (const listener of listeners) listener(line);
    }
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString("utf8");
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGKILL");
  }, limitMs);
  const ended = new Promise<{ code: number | null; signal: string | null; timedOut: boolean }>(
    (resolve) =>
      child.once("close", (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal, timedOut });
      }),
  );
  return {
    child,
    lines,
    events,
    stderr: () => errors,
    onLine: (listener) => void listeners.add(listener),
    ended,
    waitFor(prefix, timeoutMs = 60_000) {
      const seen = lines.find((line) => line.startsWith(prefix));
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waitTimer = setTimeout(() => {
          listeners.delete(listener);
          reject(
            new Error(`${fixture} printed no "${prefix}" in ${timeoutMs} ms; stderr: ${errors}`),
          );
        }, timeoutMs);
        const listener = (line: string) => {
          if (!line.startsWith(prefix)) return;
          listeners.delete(listener);
          clearTimeout(waitTimer);
          resolve(line);
        };
        listeners.add(listener);
        void ended.then(() => {
          if (!listeners.has(listener)) return;
          listeners.delete(listener);
          clearTimeout(waitTimer);
          reject(new Error(`${fixture} exited before "${prefix}"; stderr: ${errors}`));
        });
      });
    },
  };
}
