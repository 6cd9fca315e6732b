import { type ChildProcess, spawn } from "node:child_process";

/** Worker processes the demo started, and how to stop them. */
export interface QueueWorkers {
  readonly workers: readonly { readonly name: string; readonly pid: number }[];
  /** SIGTERM to each (running jobs finish), SIGKILL after 5 s; resolves once all exited. */
  stop(): Promise<void>;
}

/**
 * Spawns `node <script> <url> <queueName> <name>` once per name and resolves when each printed
 * `ready <name>`. Rejects, after stopping the ones already running, if any exits first.
 */
export async function startQueueWorkers(
  script: string,
  url: string,
  queueName: string,
  names: readonly string[],
): Promise<QueueWorkers> {
  const children: ChildProcess[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(children.map(stopChild));
  };
  try {
    const workers = await Promise.all(
      names.map((name) => {
        const child = spawn(process.execPath, [script, url, queueName, name], {
          stdio: ["ignore", "pipe", "pipe"],
        });
        children.push(child);
        return waitUntilReady(child, name);
      }),
    );
    return { workers, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function waitUntilReady(child: ChildProcess, name: string): Promise<{ name: string; pid: number }> {
  return new Promise((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      if (stdout.includes(`ready ${name}\n`)) resolve({ name, pid: child.pid ?? -1 });
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      reject(
        new Error(
          `Queue worker ${name} exited (code ${code}) before it was ready: ${stderr.trim()}`,
        ),
      );
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
