import { type ChildProcess, spawn } from "node:child_process";

/** A child process whose stdout is read line by line. */
export interface StartedProcess {
  readonly child: ChildProcess;
  /** Every stdout line so far. */
  readonly lines: readonly string[];
  /** Everything it wrote to stderr so far. */
  stderr(): string;
  /** Resolves with the first stdout line starting with `prefix` (rejects if the process exits first). */
  waitForLine(prefix: string): Promise<string>;
  /** Resolves with the exit code (SIGKILLs it first if `kill`). */
  stop(kill?: boolean): Promise<number | null>;
}

/** Every process a test started, for an `afterEach`/`afterAll` to stop. */
export const startedProcesses = new Set<StartedProcess>();

export function startProcess(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): StartedProcess {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let stderr = "";
  let partial = "";
  const waiters = new Set<() => void>();
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  child.stdout?.on("data", (chunk: Buffer) => {
    partial += chunk.toString("utf8");
    const parts = partial.split("\n");
    partial = parts.pop() ?? "";
    lines.push(...parts);
    for (const waiter of waiters) waiter();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const started: StartedProcess = {
    child,
    lines,
    stderr: () => stderr,
    waitForLine(prefix) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const line = lines.find((entry) => entry.startsWith(prefix));
          if (line === undefined) return;
          waiters.delete(check);
          resolve(line);
        };
        waiters.add(check);
        check();
        void exited.then((code) => {
          if (!waiters.has(check)) return;
          waiters.delete(check);
          reject(new Error(`exited (${code}) before printing "${prefix}": ${stderr.slice(-2000)}`));
        });
      });
    },
    async stop(kill = false) {
      if (child.exitCode === null && child.signalCode === null)
        child.kill(kill ? "SIGKILL" : "SIGTERM");
      const code = await exited;
      startedProcesses.delete(started);
      return code;
    },
  };
  startedProcesses.add(started);
  return started;
}
