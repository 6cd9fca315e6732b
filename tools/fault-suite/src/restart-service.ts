import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const script = fileURLToPath(new URL("../../../scripts/services.sh", import.meta.url));

/**
 * `scripts/services.sh restart <args>` on the instances of `envFile` (this suite's private ones):
 * `["postgres"]` is `pg_ctl restart -m fast`; `["redis", "keep" | "drop", seconds]` restarts Redis
 * with or without its data, down for that long. Rejects when the script fails.
 */
export function restartService(envFile: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", [script, "restart", ...args], {
      env: { ...process.env, TOOLWRIGHT_SERVICES_ENV: envFile },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => {
      errors += chunk.toString("utf8");
    });
    child.once("error", reject);
    child.once("close", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`services.sh restart ${args.join(" ")}: ${errors}`)),
    );
  });
}
