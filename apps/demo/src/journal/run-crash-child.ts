import { spawn } from "node:child_process";

/** How the child ended, and which markers it printed before. */
export interface KilledChild {
  readonly pid: number;
  readonly signal: NodeJS.Signals | null;
  readonly markers: readonly string[];
}

/**
 * Starts `node <script> ...args`, waits until its stdout has printed every line of `markers` (in
 * any order), then kills it with SIGKILL and waits for its exit. Rejects, with its stderr, if the
 * child exits before printing them all; kills it and rejects if `signal` aborts first.
 *
 * **Contract for `onStarted`:** called once with the child's pid; may not throw.
 */
export function runCrashChild(
  script: string,
  args: readonly string[],
  markers: readonly string[],
  options: { readonly signal?: AbortSignal; onStarted?(pid: number): void } = {},
): Promise<KilledChild> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    const seen: string[] = [];
    let stdout = "";
    let stderr = "";
    let killed = false;
    const kill = (): void => {
      if (killed) return;
      killed = true;
      child.kill("SIGKILL");
    };
    const onAbort = (): void => kill();
    options.signal?.addEventListener("abort", onAbort, { once: true });
    child.once("spawn", () => {
      if (child.pid !== undefined) options.onStarted?.(child.pid);
    });
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      let end = stdout.indexOf("\n");
      while (end !== -1) {
        const line = stdout.slice(0, end);
        stdout = stdout.slice(end + 1);
        if (markers.includes(line) && !seen.includes(line)) seen.push(line);
        end = stdout.indexOf("\n");
      }
      if (markers.every((marker) => seen.includes(marker))) kill();
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.once("error", reject);
    child.once("close", (code, signal) => {
      options.signal?.removeEventListener("abort", onAbort);
      if (options.signal?.aborted === true) {
        reject(new Error("Aborted while the crash scene's child was running"));
      } else if (!killed) {
        reject(
          new Error(
            `The crash scene's child exited (code ${code}) before printing ${markers.join(", ")}: ${stderr.trim()}`,
          ),
        );
      } else {
        resolve({ pid: child.pid ?? -1, signal, markers: seen });
      }
    });
  });
}
