import { readFileSync } from "node:fs";
import { SERVICE_URL_VARIABLES, type ServiceName } from "./service-name";

/**
 * The URL of `name`: from the environment (`TOOLWRIGHT_PG_URL`, `TOOLWRIGHT_REDIS_URL`), else from
 * the env file `scripts/services.sh start` wrote; `undefined` when neither has it.
 */
export function readServiceUrl(
  name: ServiceName,
  envFile: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string | undefined {
  const variable = SERVICE_URL_VARIABLES[name];
  const fromEnvironment = env[variable];
  if (fromEnvironment !== undefined && fromEnvironment !== "") return fromEnvironment;
  let text: string;
  try {
    text = readFileSync(envFile, "utf8");
  } catch {
    return undefined;
  }
  const line = text.split("\n").find((entry) => entry.startsWith(`${variable}=`));
  return line === undefined ? undefined : line.slice(variable.length + 1).trim() || undefined;
}
