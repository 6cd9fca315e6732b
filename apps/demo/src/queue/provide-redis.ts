import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The Redis the `--queue` scene uses, and how to let go of it. */
export interface ProvidedRedis {
  readonly url: string;
  /** True when the demo started it (and `release` stops it); false for `TOOLWRIGHT_REDIS_URL`. */
  readonly started: boolean;
  release(): Promise<void>;
}

/**
 * `TOOLWRIGHT_REDIS_URL` when set; otherwise a private Redis started by the repository's
 * `scripts/services.sh start redis`, with its env file in `stateDirectory` so that `release` stops
 * exactly that instance. The script is told never to install anything
 * (`TOOLWRIGHT_SERVICES_INSTALL=0`): without `redis-server` this rejects with what to do.
 */
export async function provideRedis(
  environment: Readonly<Record<string, string | undefined>>,
  repositoryRoot: string,
  stateDirectory: string,
): Promise<ProvidedRedis> {
  const given = environment.TOOLWRIGHT_REDIS_URL;
  if (given !== undefined && given !== "") {
    return { url: given, started: false, release: async () => {} };
  }
  const script = join(repositoryRoot, "scripts", "services.sh");
  const envFile = join(stateDirectory, "services.env");
  const scriptEnvironment = {
    ...process.env,
    TOOLWRIGHT_SERVICES_ENV: envFile,
    TOOLWRIGHT_SERVICES_INSTALL: "0",
  };
  try {
    await run("bash", [script, "start", "redis"], { env: scriptEnvironment });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new Error(
      code === 3
        ? "--queue needs Redis: set TOOLWRIGHT_REDIS_URL, or install redis-server (scripts/services.sh start redis installs it with apt)"
        : `--queue could not start Redis with ${script}: ${(error as Error).message}`,
    );
  }
  const url = /^TOOLWRIGHT_REDIS_URL=(.+)$/m.exec(await readFile(envFile, "utf8"))?.[1];
  if (url === undefined) throw new Error(`${script} wrote no TOOLWRIGHT_REDIS_URL to ${envFile}`);
  return {
    url,
    started: true,
    async release() {
      await run("bash", [script, "stop"], { env: scriptEnvironment });
    },
  };
}
