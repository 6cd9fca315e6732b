// The URL of a service `scripts/services.sh start` runs: from the environment, else from the
// `.ci/services.env` file the script writes; undefined when neither has it.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const envFile = resolve(dirname(fileURLToPath(import.meta.url)), "../../../.ci/services.env");

/** @param {"TOOLWRIGHT_REDIS_URL" | "TOOLWRIGHT_PG_URL"} name */
export function findServiceUrl(name) {
  if (process.env[name]) return process.env[name];
  try {
    const line = readFileSync(envFile, "utf8")
      .split("\n")
      .find((entry) => entry.startsWith(`${name}=`));
    return line?.slice(name.length + 1).trim() || undefined;
  } catch {
    return undefined;
  }
}
